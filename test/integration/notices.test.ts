import type { Notification } from '@shared/notifications';
import type { Post } from '@shared/posts';
import { WORKSPACE_HEADER, type Role } from '@shared/workspaces';
import { ulid } from 'ulid';
import { describe, expect, it, vi } from 'vitest';
import { putMember } from '../../functions/data/workspaces';
import { defaultApprovalDeps, submitPost } from '../../functions/domain/approvals';
import { DependencyError } from '../../functions/lib/errors';
import { MAIL_NOT_SENT, type MailMessage } from '../../functions/lib/mail';
import { aConfirmedUser, aSubscription, cloud, mailsTo } from '../helpers/given';
import { aConnectedAccount, inDays } from '../helpers/posts';
import { weCallTheApi } from '../helpers/when';

/**
 * Who hears about what (docs/workspaces.md#notices): each workspace's notices reach its own members
 * by role, wherever the workspace sits in their list, and the approval steps also go out by e-mail
 * to those who have not turned it off.
 */

type Person = Awaited<ReturnType<typeof aConfirmedUser>>;

/** A workspace of `owner`'s own beyond their first, on Basic, with a Facebook page and these members. */
async function aSecondWorkspace(owner: Person, members: [Person, Role][]) {
  const made = await weCallTheApi('POST', '/api/workspaces', { token: owner.accessToken, body: { name: `Agency ${ulid().slice(-6)}` } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const workspace = made.body as { id: string; name: string };
  await aSubscription(workspace.id, 'basic');
  const account = await aConnectedAccount(workspace.id, 'facebook', 'Client page');
  const at = new Date().toISOString();
  for (const [person, role] of members) {
    await putMember({ workspaceId: workspace.id, userId: person.userId, role }, { name: workspace.name, email: person.email, at });
  }
  const as = (person: Person) => (method: string, path: string, body?: unknown) =>
    weCallTheApi(method, path, { token: person.accessToken, body, headers: { [WORKSPACE_HEADER]: workspace.id } });
  return { ...workspace, account, as };
}

const bellOf = async (person: Person) =>
  ((await weCallTheApi('GET', '/api/notifications', { token: person.accessToken })).body as { items: Notification[] }).items;
const aboutPost = async (person: Person, postId: string) => (await bellOf(person)).filter((n) => n.post_id === postId);

const composeBody = (accountId: string, caption: string, scheduledAt: string | null) => ({
  platforms: [{ platform: 'facebook', social_account_id: accountId, caption, settings: {} }],
  media_ids: [],
  scheduled_at: scheduledAt,
});

const mailsAbout = async (person: Person, caption: string) => (await mailsTo(person.email)).filter((m) => m.subject.includes(caption));

describe('workspace notices', { timeout: 120_000 }, () => {
  it('tells a second workspace’s Owner, Admin and the post’s author how it went out, and nobody else', async () => {
    // Prepare
    const [owner, admin, author, otherEditor, contributor, elsewhere] = await Promise.all(Array.from({ length: 6 }, () => aConfirmedUser()));
    const workspace = await aSecondWorkspace(owner, [
      [admin, 'admin'],
      [author, 'editor'],
      [otherEditor, 'editor'],
      [contributor, 'contributor'],
    ]);
    // A member of the Owner's first workspace only.
    await putMember(
      { workspaceId: owner.userId, userId: elsewhere.userId, role: 'admin' },
      { name: 'My workspace', email: elsewhere.email, at: new Date().toISOString() },
    );

    // Act
    const res = await workspace.as(author)('POST', '/api/posts/publish-now', composeBody(workspace.account.id, `Out now ${ulid().slice(-8)}`, null));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const post = res.body as Post;

    // Assess: the outcome (whichever it is) reaches exactly the author, the Admin and the Owner.
    const heard = await vi.waitFor(
      async () => {
        const notes = await Promise.all([owner, admin, author].map((p) => aboutPost(p, post.id)));
        if (notes.some((n) => n.length === 0)) throw new Error('the outcome has not reached everyone yet');
        return notes.map((n) => n[0]!);
      },
      { timeout: 60_000, interval: 500 },
    );
    for (const note of heard) expect(note).toMatchObject({ workspace_id: workspace.id, workspace_name: workspace.name, post_id: post.id, read: false });
    // The author reads of their post; the Owner and the Admin, whose post it is.
    const [toOwner, toAdmin, toAuthor] = heard.map((note) => note.message);
    expect(toAuthor).toMatch(/^Your post (was published to|to) Facebook/);
    for (const message of [toOwner, toAdmin]) expect(message!.startsWith(`A post by ${author.email} `)).toBe(true);
    expect(toOwner).toBe(toAdmin);
    expect(toOwner!.replace(`A post by ${author.email}`, 'Your post')).toBe(toAuthor);
    for (const person of [otherEditor, contributor, elsewhere]) expect(await aboutPost(person, post.id)).toEqual([]);
  });

  it('e-mails a submission to the reviewers and the decision to the author, with the comment and a link to the post', async () => {
    // Prepare
    const [owner, admin, editor, contributor, elsewhere] = await Promise.all(Array.from({ length: 5 }, () => aConfirmedUser()));
    const workspace = await aSecondWorkspace(owner, [
      [admin, 'admin'],
      [editor, 'editor'],
      [contributor, 'contributor'],
    ]);
    await putMember(
      { workspaceId: owner.userId, userId: elsewhere.userId, role: 'editor' },
      { name: 'My workspace', email: elsewhere.email, at: new Date().toISOString() },
    );
    const caption = `Needs a look ${ulid().slice(-8)}`;

    // Act
    const waiting = (await workspace.as(contributor)('POST', '/api/posts', composeBody(workspace.account.id, caption, inDays(2)))).body as Post;
    const sentBack = await workspace.as(editor)('POST', `/api/posts/${waiting.id}/request-changes`, {
      version: waiting.version,
      comment: 'Use the spring photo.',
    });

    // Assess: the submission went to every reviewer but the submitter; the decision to the author alone.
    expect(waiting.status).toBe('pending_approval');
    expect(sentBack.status, JSON.stringify(sentBack.body)).toBe(200);
    for (const reviewer of [owner, admin, editor]) {
      const [mail, ...more] = await mailsAbout(reviewer, caption);
      expect(more).toEqual([]);
      expect(mail!.subject).toBe(`Approval requested: "${caption}" in ${workspace.name}`);
      expect(mail!.text).toContain(`${contributor.email} submitted "${caption}" in ${workspace.name} for approval.`);
      expect(mail!.text).toContain(`${cloud().env.APP_ORIGIN}/home/posts?tab=approval&post=${waiting.id}&workspace=${workspace.id}`);
      expect(mail!.html).toMatch(new RegExp(`<a href="[^"]*post=${waiting.id}[^"]*">Review the post</a>`));
    }
    const toAuthor = await mailsAbout(contributor, caption);
    expect(toAuthor.map((m) => m.subject)).toEqual([`Changes requested: "${caption}" in ${workspace.name}`]);
    expect(toAuthor[0]!.text).toContain('Use the spring photo.');
    expect(toAuthor[0]!.text).toContain(`${editor.email} requested changes`);
    expect(await mailsAbout(elsewhere, caption)).toEqual([]);
  });

  it('sends no approval e-mail to someone who turned them off, and still rings their bell', async () => {
    // Prepare: the Owner and the Contributor turn the e-mails off.
    const [owner, editor, contributor] = await Promise.all(Array.from({ length: 3 }, () => aConfirmedUser()));
    const workspace = await aSecondWorkspace(owner, [
      [editor, 'editor'],
      [contributor, 'contributor'],
    ]);
    for (const person of [owner, contributor]) {
      const off = await weCallTheApi('PATCH', '/api/settings', { token: person.accessToken, body: { email_approvals: false } });
      expect(off.body.settings.email_approvals).toBe(false);
    }
    const caption = `Quiet please ${ulid().slice(-8)}`;

    // Act
    const waiting = (await workspace.as(contributor)('POST', '/api/posts', composeBody(workspace.account.id, caption, inDays(2)))).body as Post;
    const approved = await workspace.as(editor)('POST', `/api/posts/${waiting.id}/approve`, { version: waiting.version });

    // Assess
    expect(approved.body.status).toBe('scheduled');
    expect((await mailsAbout(editor, caption)).map((m) => m.subject)).toEqual([`Approval requested: "${caption}" in ${workspace.name}`]);
    expect(await mailsAbout(owner, caption)).toEqual([]);
    expect(await mailsAbout(contributor, caption)).toEqual([]);
    expect((await aboutPost(owner, waiting.id)).map((n) => n.message)).toEqual([`${contributor.email} submitted "${caption}" for approval.`]);
    expect((await aboutPost(contributor, waiting.id)).map((n) => n.message)).toEqual([`"${caption}" was approved and is scheduled.`]);
  });

  it('keeps the submission and its bell notice when the e-mail cannot be sent', async () => {
    // Prepare
    const [owner, editor, contributor] = await Promise.all(Array.from({ length: 3 }, () => aConfirmedUser()));
    const workspace = await aSecondWorkspace(owner, [
      [editor, 'editor'],
      [contributor, 'contributor'],
    ]);
    const caption = `Mail is down ${ulid().slice(-8)}`;
    const draft = (await workspace.as(contributor)('POST', '/api/posts', composeBody(workspace.account.id, caption, null))).body as Post;
    const tried: MailMessage[] = [];
    // What functions/lib/mail.ts throws when SES refuses (a paused account, a lapsed identity).
    const sesRefuses = async (message: MailMessage) => {
      tried.push(message);
      throw new DependencyError(MAIL_NOT_SENT, { cause: new Error('MessageRejected') });
    };

    // Act
    const submitted = await submitPost(
      { workspaceId: workspace.id, userId: contributor.userId, role: 'contributor' },
      draft.id,
      { version: draft.version, scheduled_at: inDays(2) },
      {
        ...defaultApprovalDeps,
        sendMail: sesRefuses,
      },
    );

    // Assess
    expect(submitted.status).toBe('pending_approval');
    expect(tried.map((m) => m.to).sort()).toEqual([owner.email, editor.email].sort());
    expect((await workspace.as(editor)('GET', `/api/posts/${draft.id}`)).body.status).toBe('pending_approval');
    for (const reviewer of [owner, editor]) {
      expect((await aboutPost(reviewer, draft.id)).map((n) => n.message)).toEqual([`${contributor.email} submitted "${caption}" for approval.`]);
    }
  });
});
