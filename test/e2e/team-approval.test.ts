import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { connect } from '../helpers/connect';
import { aConfirmedUser, cloud, mailsTo } from '../helpers/given';
import { weCallTheApi } from '../helpers/when';
import { aBrowserForTheFile, aDesktopPage, signIn, toastIn } from './browser';

/**
 * An agency as a team sees it (docs/workspaces.md, docs/approvals.md): the Owner invites an Editor
 * and a Contributor by e-mail, each accepts from the link in their inbox, the Contributor drafts a
 * post for a client and submits it, the client approves it through a review link without an account,
 * the Editor approves it (which schedules it), and it goes out. Four browsers, one per person.
 */
const browser = aBrowserForTheFile();
const ZONE = 'UTC';
const CLIENT = 'Acme Bakery';

async function aPageFor(b: Browser): Promise<Page> {
  return aDesktopPage(b, { viewport: { width: 1280, height: 900 }, timezoneId: ZONE });
}

/** The Owner of an agency workspace on Basic (3 seats), a Facebook Page connected, one client. */
async function anAgencyOwner() {
  const owner = await aConfirmedUser({ plan: 'basic' });
  expect((await weCallTheApi('PATCH', '/api/settings', { token: owner.accessToken, body: { mode: 'agency' } })).status).toBe(200);
  await connect('facebook', owner.accessToken);
  const client = await weCallTheApi('POST', '/api/clients', { token: owner.accessToken, body: { name: CLIENT } });
  expect(client.status, JSON.stringify(client.body)).toBe(201);
  return owner;
}

/** Members page: invites `email` as `role` and waits for the form to say it was sent. */
async function invite(page: Page, email: string, role: 'Editor' | 'Contributor') {
  const form = page.getByRole('form', { name: 'Invite a member' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Role').selectOption({ label: role });
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect.poll(() => form.getByTestId('invite-outcome').textContent()).toContain(email);
}

/** The invitation link in the newest e-mail to `email`. */
async function invitationLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = await mailsTo(email);
      link = mails
        .map((mail) => /https?:\/\/[^\s"'<>]+\/invite\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? mail.html)?.[0])
        .filter(Boolean)
        .at(-1);
      return link;
    })
    .toBeTruthy();
  return link!;
}

/** Opens the invitation, signs in as the invitee from it, comes back and accepts. */
async function acceptInvitation(page: Page, user: { email: string; password: string }) {
  await page.goto(await invitationLinkFor(user.email));
  await page.getByTestId('invite-summary').waitFor();
  await page.getByRole('link', { name: 'Sign in to accept' }).click();
  await page.waitForURL('**/auth**');
  const form = page.getByTestId('sign-in-form');
  await expect.poll(() => form.getByLabel('Email').inputValue()).toBe(user.email);
  await form.getByLabel('Password').fill(user.password);
  await page.getByTestId('auth-submit').click();
  await page.waitForURL('**/invite?token=*');
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await toastIn(page, /You joined/).waitFor();
  await page.waitForURL('**/home**');
}

/** The next whole minute at least `seconds` away, as [date for the picker, HH:mm], in UTC (the people's zone here). */
function aMinuteAtLeast(seconds: number): [string, string, Date] {
  const at = new Date(Math.ceil((Date.now() + seconds * 1000) / 60_000) * 60_000);
  const [day, time] = at.toISOString().slice(0, 16).split('T') as [string, string];
  const [year, month, date] = day.split('-');
  return [`${month}/${date}/${year}`, time, at];
}

describe('an agency team', () => {
  it('invites, drafts, has the client approve by link, schedules, and publishes', { timeout: 420_000 }, async () => {
    const owner = await anAgencyOwner();
    const editor = await aConfirmedUser();
    const contributor = await aConfirmedUser();
    const caption = `Fresh sourdough at Acme ${Date.now().toString(36)}`;

    // The Owner invites both from the Members page.
    const ownerPage = await aPageFor(browser());
    await signIn(ownerPage, owner);
    await ownerPage.goto(`${cloud().url}/home/members`);
    await invite(ownerPage, editor.email, 'Editor');
    await invite(ownerPage, contributor.email, 'Contributor');

    // Each accepts from the e-mail, signing in on the way, and lands in the agency's workspace.
    const editorPage = await aPageFor(browser());
    await acceptInvitation(editorPage, editor);
    const contributorPage = await aPageFor(browser());
    await acceptInvitation(contributorPage, contributor);

    // The Contributor drafts a post for the client and can only submit it for approval. The time
    // leaves room for the client and the Editor to act before it (the approval keeps it).
    await contributorPage.getByRole('link', { name: 'Compose' }).first().click();
    await contributorPage.waitForURL('**/home/compose');
    await contributorPage.getByTestId('platform-tile-facebook').click();
    await contributorPage.getByLabel('Facebook caption').fill(caption);
    await contributorPage.getByLabel('Client').selectOption({ label: CLIENT });
    const [day, time, dueAt] = aMinuteAtLeast(150);
    await contributorPage.getByLabel('Schedule date').fill(day);
    await contributorPage.getByLabel('Schedule date').press('Enter');
    await contributorPage.getByLabel('Schedule time', { exact: true }).fill(time);
    await expect(contributorPage.getByRole('button', { name: 'Schedule Post' }).count()).resolves.toBe(0);
    await contributorPage.getByRole('button', { name: 'Submit for approval' }).click();
    await toastIn(contributorPage, 'Submitted for approval').waitFor();

    // The Editor makes a review link for the client, and the client, without an account, approves.
    await editorPage.getByRole('link', { name: 'Clients' }).first().click();
    await editorPage.waitForURL('**/home/clients');
    await editorPage.getByRole('button', { name: `Review link for ${CLIENT}` }).click();
    const dialog = editorPage.getByRole('dialog', { name: `Review link for ${CLIENT}` });
    await dialog.getByRole('button', { name: 'Create review link' }).click();
    const reviewUrl = await dialog.getByLabel('Review link').inputValue();
    expect(new URL(reviewUrl).pathname).toBe('/review');
    await editorPage.keyboard.press('Escape');

    const clientPage = await aPageFor(browser());
    await clientPage.goto(reviewUrl);
    await clientPage.getByRole('heading', { name: `Posts for ${CLIENT}` }).waitFor();
    const toReview = clientPage.getByTestId('review-post').filter({ hasText: caption });
    await toReview.getByRole('button', { name: 'Approve' }).click();
    await toReview.getByText('You approved this post').waitFor();
    await clientPage.context().close();

    // The Editor approves it from Posts, which schedules it, and it goes out at its time.
    await editorPage.getByRole('link', { name: 'Posts' }).first().click();
    await editorPage.getByRole('tab', { name: 'Needs approval (1)' }).click();
    const waiting = editorPage.getByTestId('post-card').filter({ hasText: caption });
    await waiting.getByText('Client approved').waitFor();
    await waiting.getByRole('button', { name: 'Approve' }).click();
    await editorPage.getByRole('tab', { name: 'Scheduled (1)' }).waitFor();
    expect(Date.now()).toBeLessThan(dueAt.getTime());

    await editorPage.getByRole('tab', { name: 'Posted (1)' }).waitFor({ timeout: dueAt.getTime() - Date.now() + 120_000 });
    await editorPage.getByRole('tab', { name: 'Posted (1)' }).click();
    const posted = editorPage.getByTestId('post-card').filter({ hasText: caption });
    await expect.poll(() => posted.getByTestId('post-status').textContent()).toBe('Posted');

    // The Contributor, whose post it is, sees the same.
    await contributorPage.getByRole('link', { name: 'Posts' }).first().click();
    await contributorPage.getByRole('tab', { name: 'Posted (1)' }).waitFor();

    for (const page of [ownerPage, editorPage, contributorPage]) await page.context().close();
  });
});
