import { STAFF_ROLES, STAFF_ROLE_LABELS, can } from "@/lib/contract/staff";
import { workspaceDb } from "@/lib/service/workspace";
import { staffList } from "@/lib/service/workspace/seo";
import { ActionForm, IntentButton } from "@/components/workspace/ActionForm";
import { addStaffAction, changeRoleAction } from "../actions";
import { requireStaff } from "../staff-session";
import { WorkspaceTable } from "@/components/workspace/WorkspaceTable";
import { SIGN_IN_PAGE } from "@/lib/contract/workspace-messages";

export const metadata = { title: "Staff" };

type Member = Awaited<ReturnType<typeof staffList>>[number];

/** Who may use the workspace and with which role; admins add people (who get a sign-in link), change roles, remove. */
export default async function StaffPage() {
  const staff = await requireStaff();
  const members = await staffList(await workspaceDb());
  const manage = can(staff.role, "staff:manage");
  return (
    <>
      <h1>Staff</h1>
      <ul className="ws-roles">
        {STAFF_ROLES.map((role) => (
          <li key={role}>{STAFF_ROLE_LABELS[role]}</li>
        ))}
      </ul>
      <StaffTable members={members} manage={manage} selfId={staff.id} />
      {manage && <AddStaffSection />}
      <p className="ws-hint">
        {SIGN_IN_PAGE.staffCommand.before} <code>{SIGN_IN_PAGE.staffCommand.command}</code>
        {SIGN_IN_PAGE.staffCommand.after}
      </p>
    </>
  );
}

/** The options of a role select, one per role. */
function RoleOptions() {
  return STAFF_ROLES.map((role) => (
    <option key={role} value={role}>
      {role}
    </option>
  ));
}

/** Every staff member; a manager changes anyone's role but their own. */
function StaffTable({ members, manage, selfId }: { members: Member[]; manage: boolean; selfId: string }) {
  return (
    <WorkspaceTable columns={["Email", "Role", "Since"]}>
      {members.map((member) => (
        <tr key={member.id}>
          <td data-label="Email">{member.email}</td>
          <td data-label="Role">{manage && member.id !== selfId ? <RoleForm member={member} /> : member.role}</td>
          <td data-label="Since">{member.created_at.slice(0, 10)}</td>
        </tr>
      ))}
    </WorkspaceTable>
  );
}

/** Changes one member's role, or removes them. */
function RoleForm({ member }: { member: Member }) {
  return (
    <ActionForm action={changeRoleAction} className="ws-inline-form" label={`Role of ${member.email}`}>
      <input type="hidden" name="user_id" value={member.id} />
      <input type="hidden" name="email" value={member.email} />
      <label className="visually-hidden" htmlFor={`role-${member.id}`}>
        Role of {member.email}
      </label>
      <select id={`role-${member.id}`} name="role" defaultValue={member.role ?? "viewer"}>
        <RoleOptions />
      </select>
      <IntentButton intent="role" variant="outline">
        Change role
      </IntentButton>
      <IntentButton intent="remove" variant="danger">
        Remove
      </IntentButton>
    </ActionForm>
  );
}

/** Adds a staff member, who gets a sign-in link by email. */
function AddStaffSection() {
  return (
    <section aria-labelledby="add-staff-heading">
      <h2 id="add-staff-heading">Add a staff member</h2>
      <ActionForm action={addStaffAction} className="ws-panel ws-add-staff" label="Add a staff member">
        <div className="field">
          <label htmlFor="staff-email">Work email</label>
          <input id="staff-email" name="email" type="email" required />
        </div>
        <div className="field">
          <label htmlFor="staff-role">Role</label>
          <select id="staff-role" name="role" defaultValue="viewer">
            <RoleOptions />
          </select>
        </div>
        <IntentButton>Add and send a sign-in link</IntentButton>
      </ActionForm>
    </section>
  );
}
