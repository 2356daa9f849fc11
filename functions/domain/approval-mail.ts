import type { MailMessage } from '../lib/mail';

/**
 * The e-mails that go with the approval steps (docs/approvals.md#notices): plain text and simple
 * HTML, each with a link that opens the post in its workspace.
 */

export interface ApprovalMailPost {
  readonly id: string;
  /** How the notices name it: its title, else the start of its first caption, quoted. */
  readonly label: string;
  readonly workspaceId: string;
  readonly workspaceName: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The post in the app: the posts page on the tab it is in, in its workspace (the app switches there first). */
export function postLink(origin: string, post: ApprovalMailPost, tab: 'approval' | 'drafts' | 'scheduled'): string {
  return `${origin}/home/posts?${new URLSearchParams({ tab, post: post.id, workspace: post.workspaceId })}`;
}

function mail(to: string, subject: string, lines: readonly string[], link: { href: string; label: string }): MailMessage {
  const footer = 'You get this because "Email me about approvals" is on in your Settings, under Notifications.';
  return {
    to,
    subject,
    text: `${lines.join('\n\n')}\n\n${link.label}: ${link.href}\n\n${footer}\n`,
    html: [
      ...lines.map((line) => `<p>${escape(line)}</p>`),
      `<p><a href="${escape(link.href)}">${escape(link.label)}</a></p>`,
      `<p>${escape(footer)}</p>`,
    ].join('\n'),
  };
}

/** To a reviewer: someone asks for a post to be approved. */
export function approvalRequestedMail(origin: string, to: string, post: ApprovalMailPost, submitter: string, scheduledAt: string | null): MailMessage {
  const when = scheduledAt ? ` It is to go out at ${scheduledAt.slice(0, 16).replace('T', ' ')} UTC.` : '';
  return mail(
    to,
    `Approval requested: ${post.label} in ${post.workspaceName}`,
    [`${submitter} submitted ${post.label} in ${post.workspaceName} for approval.${when}`, 'Approve it, or request changes with a comment.'],
    { href: postLink(origin, post, 'approval'), label: 'Review the post' },
  );
}

/** To the author: their post was approved, or sent back with the reviewer's comment. */
export function approvalDecidedMail(
  origin: string,
  to: string,
  post: ApprovalMailPost,
  decision: { approved: true; by: string } | { approved: false; by: string; comment: string },
): MailMessage {
  if (decision.approved) {
    return mail(to, `Approved: ${post.label} in ${post.workspaceName}`, [`${decision.by} approved ${post.label} in ${post.workspaceName}. It is scheduled.`], {
      href: postLink(origin, post, 'scheduled'),
      label: 'See the post',
    });
  }
  return mail(
    to,
    `Changes requested: ${post.label} in ${post.workspaceName}`,
    [
      `${decision.by} requested changes on ${post.label} in ${post.workspaceName}:`,
      decision.comment,
      'It is back in your drafts; submit it again when it is ready.',
    ],
    { href: postLink(origin, post, 'drafts'), label: 'Edit the post' },
  );
}
