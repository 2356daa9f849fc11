import { describe, expect, it } from 'vitest';
import { DEMO_IDENTITIES } from '../../local/sandbox/apps';
import { aConfirmedUser } from '../helpers/given';
import { aPdfFile } from '../helpers/media';
import { controlTheSandbox, sandboxReceiptsFor } from '../helpers/sandbox';
import { aPageForEachTest, connectThroughThePopup, postedCard, signIn, toastIn } from './browser';

/**
 * LinkedIn as a user meets it: connect on the Platforms page through the sandbox's LinkedIn consent
 * page (the member and the page they administer both arrive), publish now from Compose as the
 * member, and see the card turn Posted with its link to the post.
 */
const currentPage = aPageForEachTest({ viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });

describe('LinkedIn from connect to Posted', () => {
  it('connects LinkedIn, publishes a post now and shows it Posted with its link', { timeout: 120_000 }, async () => {
    // Prepare: a Basic user (LinkedIn comes with Basic), signed in.
    const page = currentPage();
    const user = await aConfirmedUser({ plan: 'basic' });
    const who = DEMO_IDENTITIES.linkedin[0]!;
    const pageName = who.pages![0]!.name;
    const caption = `Fresh sourdough at 7am ${Date.now().toString(36)}`;
    await signIn(page, user);
    // Act: connect through the popup, then publish from Compose as the member alone.
    await connectThroughThePopup(page, 'linkedin', 'Schedule & Autopost would like to access your LinkedIn account', [who.name, pageName]);

    await page.getByRole('link', { name: 'Compose' }).first().click();
    await page.getByTestId('platform-tile-linkedin').click();
    const accounts = page.getByRole('group', { name: 'LinkedIn accounts' });
    // Compose ticks the first account; tick the member, then untick the page (the last ticked one stays).
    const memberBox = accounts.getByRole('checkbox', { name: who.name });
    const pageBox = accounts.getByRole('checkbox', { name: pageName });
    if (!(await memberBox.isChecked())) await accounts.getByText(who.name).click();
    await expect.poll(() => memberBox.isChecked()).toBe(true);
    if (await pageBox.isChecked()) await accounts.getByText(pageName).click();
    await expect.poll(() => pageBox.isChecked()).toBe(false);
    await page.getByLabel('LinkedIn caption').fill(caption);
    await page.getByRole('button', { name: 'Publish now' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(`It goes out right away to LinkedIn (${who.name})`).waitFor();
    await dialog.getByRole('button', { name: 'Publish now' }).click();

    // Assess
    await toastIn(page, 'Publishing now').waitFor();
    await expect.poll(async () => (await sandboxReceiptsFor(caption)).length, { timeout: 30_000, interval: 100 }).toBe(1);
    const posted = await postedCard(page, caption, { timeout: 30_000 });
    await expect.poll(() => posted.getByTestId('post-status').textContent(), { timeout: 30_000 }).toBe('Posted');
    const link = posted.getByRole('link', { name: /^View on LinkedIn \(/ });
    const href = await link.getAttribute('href');
    expect(href).toContain('/linkedin/www/feed/update/');
    expect(await (await fetch(href!)).text()).toContain(caption);
  });
});

describe('a LinkedIn document from Compose to Posted', () => {
  it('uploads a PDF in Compose, gives it a title, publishes it to LinkedIn and shows it Posted', { timeout: 120_000 }, async () => {
    // Prepare: a Basic user with LinkedIn connected (the member and their page).
    const page = currentPage();
    const user = await aConfirmedUser({ plan: 'basic' });
    const who = DEMO_IDENTITIES.linkedin[0]!;
    const pageName = who.pages![0]!.name;
    const caption = `Our autumn menu ${Date.now().toString(36)}`;
    await signIn(page, user);
    await connectThroughThePopup(page, 'linkedin', 'Schedule & Autopost would like to access your LinkedIn account', [who.name, pageName]);

    // Act: select LinkedIn as the page, attach a PDF, title it, publish now.
    await page.getByRole('link', { name: 'Compose' }).first().click();
    await page.getByTestId('platform-tile-linkedin').click();
    const accounts = page.getByRole('group', { name: 'LinkedIn accounts' });
    const pageBox = accounts.getByRole('checkbox', { name: pageName });
    const memberBox = accounts.getByRole('checkbox', { name: who.name });
    if (!(await pageBox.isChecked())) await accounts.getByText(pageName).click();
    await expect.poll(() => pageBox.isChecked()).toBe(true);
    if (await memberBox.isChecked()) await accounts.getByText(who.name).click();
    await expect.poll(() => memberBox.isChecked()).toBe(false);
    await page.getByLabel('Choose a PDF document').setInputFiles({ name: 'menu.pdf', mimeType: 'application/pdf', buffer: aPdfFile('menu.pdf').bytes });
    await page.getByText('Upload Complete').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('document-tile').textContent()).toContain('menu.pdf');
    await page.getByLabel(/Document title/).fill('Autumn menu');
    await page.getByLabel('LinkedIn caption').fill(caption);
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Publish now' }).click();

    // Assess: LinkedIn got a document post under its title, and the card turns Posted.
    await expect.poll(async () => (await sandboxReceiptsFor(caption)).length, { timeout: 30_000, interval: 100 }).toBe(1);
    const { posts } = (await controlTheSandbox('GET', '/posts?platform=linkedin')) as { posts: { text: string; kind: string; title?: string }[] };
    expect(posts.filter((p) => p.text === caption).map((p) => [p.kind, p.title])).toEqual([['document', 'Autumn menu']]);
    const posted = await postedCard(page, caption, { timeout: 30_000 });
    await expect.poll(() => posted.getByTestId('post-status').textContent(), { timeout: 30_000 }).toBe('Posted');
  });
});
