import type { Metadata } from "next";
import { privatePageMetadata } from "@/lib/seo/metadata";
import { PageShell } from "@/components/layout/PageShell";
import { ConfirmSubscription } from "@/components/forms/ConfirmSubscription";

/**
 * /newsletter/confirm/{token}: the link of the newsletter's confirmation email (double opt-in).
 * The subscription is confirmed by the button, not by opening the page, so a mail filter that
 * opens links to scan them confirms nothing.
 */
export const dynamic = "force-dynamic";

export const metadata: Metadata = privatePageMetadata("Confirm your subscription");

export default async function ConfirmSubscriptionPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <PageShell title="Confirm your subscription" newsletter={false}>
      <div className="container section confirm-subscription">
        <ConfirmSubscription token={token} />
      </div>
    </PageShell>
  );
}
