import type { Kysely, Migration } from "kysely";

/**
 * The first schema: every entity of spec section 3 plus what the site stores from visitors.
 * Frozen in time: later changes are new migrations, never edits here.
 */
export function initialMigration(dialect: "sqlite" | "postgres"): Migration {
  const autoId: AutoId = (table) =>
    dialect === "sqlite"
      ? table.addColumn("id", "integer", (column) => column.primaryKey().autoIncrement())
      : table.addColumn("id", "integer", (column) => column.primaryKey().generatedByDefaultAsIdentity());
  const real: Types["real"] = dialect === "sqlite" ? "real" : "double precision";

  return {
    async up(db: Kysely<any>) {
      const types = { autoId, real };
      await createPlaceTables(db, types);
      await createDirectoryTables(db, types);
      await createContentTables(db, types);
      await createSubmissionTables(db, types);
    },

    async down(db: Kysely<any>) {
      for (const table of [
        "newsletter_subscriptions",
        "contact_messages",
        "agent_applications",
        "leads",
        "faqs",
        "blogs",
        "testimonials",
        "questions",
        "agent_categories",
        "agents",
        "categories",
        "laws",
        "cities",
        "states",
        "pages",
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}

type AutoId = (table: ReturnType<Kysely<any>["schema"]["createTable"]>) => ReturnType<Kysely<any>["schema"]["createTable"]>;
type Types = { autoId: AutoId; real: "real" | "double precision" };

/** Pages, states, cities and the laws table of that time. */
async function createPlaceTables(db: Kysely<any>, { autoId, real }: Types) {
  await db.schema
    .createTable("pages")
    .addColumn("page_id", "integer", (c) => c.primaryKey())
    .addColumn("seo_title", "text", (c) => c.notNull())
    .addColumn("seo_description", "text", (c) => c.notNull())
    .addColumn("seo_keywords", "text", (c) => c.notNull())
    .addColumn("heading", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("short_description", "text", (c) => c.notNull())
    .addColumn("status", "integer", (c) => c.notNull().defaultTo(1))
    .execute();

  await autoId(db.schema.createTable("states"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("abbreviation", "text", (c) => c.notNull().unique())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("fips", "text", (c) => c.notNull())
    .addColumn("featured_rank", "integer")
    .execute();
  await db.schema.createIndex("states_featured_rank").on("states").column("featured_rank").execute();

  await autoId(db.schema.createTable("cities"))
    .addColumn("state_id", "integer", (c) => c.notNull().references("states.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("population", "integer", (c) => c.notNull())
    .addColumn("lat", real, (c) => c.notNull())
    .addColumn("lng", real, (c) => c.notNull())
    .addUniqueConstraint("cities_state_slug", ["state_id", "slug"])
    .execute();
  await db.schema.createIndex("cities_state_population").on("cities").columns(["state_id", "population"]).execute();

  await autoId(db.schema.createTable("laws"))
    .addColumn("state_id", "integer", (c) => c.notNull().unique().references("states.id"))
    .addColumn("laws", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

/** Categories, managers and the quote flow's questions. */
async function createDirectoryTables(db: Kysely<any>, { autoId }: Types) {
  await db.schema
    .createTable("categories")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .execute();

  await autoId(db.schema.createTable("agents"))
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("company_name", "text", (c) => c.notNull())
    .addColumn("photo", "text", (c) => c.notNull())
    .addColumn("featured", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("zip", "text", (c) => c.notNull())
    .addColumn("city_id", "integer", (c) => c.notNull().references("cities.id"))
    .addColumn("state_id", "integer", (c) => c.notNull().references("states.id"))
    .addColumn("about", "text", (c) => c.notNull())
    .addColumn("read_more", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("is_demo", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("agents_city_featured").on("agents").columns(["city_id", "featured", "id"]).execute();
  await db.schema.createIndex("agents_state").on("agents").column("state_id").execute();
  await db.schema.createIndex("agents_demo").on("agents").column("is_demo").execute();

  await db.schema
    .createTable("agent_categories")
    .addColumn("agent_id", "integer", (c) => c.notNull().references("agents.id").onDelete("cascade"))
    .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id"))
    .addPrimaryKeyConstraint("agent_categories_pk", ["agent_id", "category_id"])
    .execute();
  await db.schema
    .createIndex("agent_categories_category")
    .on("agent_categories")
    .columns(["category_id", "agent_id"])
    .execute();

  await autoId(db.schema.createTable("questions"))
    .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("question", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("option_1", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("option_2", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("option_3", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("option_4", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("option_5", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("option_6", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("content_heading", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("content_description", "text", (c) => c.notNull().defaultTo(""))
    .addUniqueConstraint("questions_category_position", ["category_id", "position"])
    .execute();
}

/** Testimonials, blogs and FAQs. */
async function createContentTables(db: Kysely<any>, { autoId }: Types) {
  await autoId(db.schema.createTable("testimonials"))
    .addColumn("heading", "text", (c) => c.notNull())
    .addColumn("designation", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("user_banner", "text", (c) => c.notNull())
    .addColumn("featured", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("display_order", "integer", (c) => c.notNull().unique())
    .addColumn("is_demo", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("testimonials_featured_order")
    .on("testimonials")
    .columns(["featured", "display_order"])
    .execute();

  await autoId(db.schema.createTable("blogs"))
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("heading", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("banner", "text", (c) => c.notNull())
    .addColumn("post_date", "text", (c) => c.notNull())
    .addColumn("read_more", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("featured", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("seo_title", "text", (c) => c.notNull())
    .addColumn("seo_description", "text", (c) => c.notNull())
    .addColumn("seo_keywords", "text", (c) => c.notNull())
    .addColumn("is_demo", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("blogs_featured_date").on("blogs").columns(["featured", "post_date"]).execute();

  await autoId(db.schema.createTable("faqs"))
    .addColumn("question", "text", (c) => c.notNull().unique())
    .addColumn("answer", "text", (c) => c.notNull())
    .addColumn("featured", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("display_order", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("faqs_featured_order").on("faqs").columns(["featured", "display_order"]).execute();
}

/** What visitors send: leads, applications, contact messages and newsletter subscriptions. */
async function createSubmissionTables(db: Kysely<any>, { autoId }: Types) {
  await autoId(db.schema.createTable("leads"))
    .addColumn("submission_key", "text", (c) => c.unique())
    .addColumn("property_category", "integer", (c) => c.notNull())
    .addColumn("property_address", "text", (c) => c.notNull())
    .addColumn("property_city", "text", (c) => c.notNull())
    .addColumn("property_zip", "text", (c) => c.notNull())
    .addColumn("property_price", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("full_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("email_address", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("property_number", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("preferred_contact_method", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("price", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("exam", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("leads_created_at").on("leads").column("created_at").execute();

  await autoId(db.schema.createTable("agent_applications"))
    .addColumn("company_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("mobile", "text", (c) => c.notNull())
    .addColumn("country_code", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await autoId(db.schema.createTable("contact_messages"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("mobile", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("agent_id", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("contact_messages_agent").on("contact_messages").column("agent_id").execute();

  await autoId(db.schema.createTable("newsletter_subscriptions"))
    .addColumn("email_address", "text", (c) => c.notNull())
    .addColumn("email_lower", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}
