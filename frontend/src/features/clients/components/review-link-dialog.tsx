import { REVIEW_LINK_DEFAULT_DAYS, REVIEW_LINK_MAX_DAYS } from '@shared/review-links';
import { formatInZone } from '@/lib/time';
import { useCreateReviewLink, useReviewLinks, useRevokeReviewLink } from '../api/review-links';
import { ClientLinkDialog, type ClientLinkDialogOpenProps, LINK_TIME_FORMAT } from './client-link-dialog';

/**
 * A client's review links (docs/review-links.md): make one (how many days), copy its URL (shown
 * once: only its hash is stored), and revoke the ones still working.
 */
export function ReviewLinkDialog(props: ClientLinkDialogOpenProps) {
  const { client, zone } = props;
  const links = useReviewLinks(client.id);
  const create = useCreateReviewLink(client.id);
  const revoke = useRevokeReviewLink(client.id);
  return (
    <ClientLinkDialog
      {...props}
      kind="Review link"
      intro={`Send this link to ${client.name}: without an account, they see their upcoming posts as each network will show them, and approve each one or ask for changes. Nothing else of this workspace is shown.`}
      maxDays={REVIEW_LINK_MAX_DAYS}
      defaultDays={REVIEW_LINK_DEFAULT_DAYS}
      links={links}
      create={create}
      revoke={revoke}
      body={(days) => ({ expires_in_days: days })}
      createLabel="Create review link"
      madeSaysExpiry
      describe={(link) => `Created ${formatInZone(link.created_at, zone, LINK_TIME_FORMAT)}`}
    />
  );
}
