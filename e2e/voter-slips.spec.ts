import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { pdfPagesText } from '../server/src/features/slips/pdf-reading';
import { apiToken, createVoterViaApi } from './support/api';
import { E2E_USERS } from './support/e2e-users';
import { signIn } from './support/session';

// Issue 22, voter slips: an Admin prints a booth's slips from the booth page and reads the PDF;
// a voter's slip goes to WhatsApp in Marathi and as a picture. Booth-388 is this file's own.
const BOOTH = { id: 388, label: 'Booth-388' };

test('should print a booth\'s slips as a PDF in Marathi and share one voter\'s slip', async ({ page, request, context }) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString(36).slice(-6).toUpperCase();
  const token = await apiToken(request, E2E_USERS.admin);
  const station = await request.put(`/api/booths/${BOOTH.id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { part_number: 388, polling_station_number: 388, polling_station_name: 'Zilla Parishad School Arni', polling_station_address: 'Main Road, Arni' },
  });
  expect(station.status(), await station.text()).toBe(200);
  const epics = ['A', 'B', 'C'].map((letter) => `SL${suffix}${letter}`);
  const names = ['क्षितिज पाटील', 'ज्ञानेश्वर जाधव', 'श्रीकांत राऊत'].map((name) => `${name} ${suffix}`);
  for (const [index, epic] of epics.entries()) {
    await createVoterViaApi(request, token, { voter_no: String(index + 1), voter_id: epic, full_name: names[index] ?? '', booth: BOOTH.label, part_serial: String(index + 1), mobile_number: `98220033${index}${index}` });
  }

  await signIn(page, E2E_USERS.admin);
  await page.goto(`/booths/${BOOTH.id}`);
  await page.getByRole('button', { name: 'Voter slips' }).click();
  const dialog = page.getByRole('dialog', { name: 'Print voter slips' });
  await expect(dialog.getByLabel('Slip language')).toHaveValue('mr');
  await expect(dialog.getByLabel('Slips of')).toHaveValue('');
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  // The toast first: it stays two seconds, fewer than reading the PDF below can take.
  await expect(page.getByText('Slips downloaded')).toBeVisible();
  expect(download.suggestedFilename()).toBe(`voter-slips-booth-${BOOTH.id}-mr-a4.pdf`);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = (await pdfPagesText(pdf)).join(' ');
  for (const epic of epics) expect(text).toContain(epic);
  expect(text).toContain('मतदान केंद्र: 388 - Zilla Parishad School Arni');
  expect(text).toContain('Main Road, Arni');

  // WhatsApp: the voter dialog's one tap opens wa.me with the slip's Marathi text.
  await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }));
  await page.goto(`/voters?tab=search&search=${encodeURIComponent(suffix)}`);
  const row = page.getByTestId('voter-row').filter({ hasText: names[0] ?? '' });
  await row.getByRole('button', { name: /^Edit/ }).click();
  const voter = page.getByRole('dialog', { name: 'Edit Voter' });
  const popup = page.waitForEvent('popup');
  await voter.getByRole('button', { name: 'WhatsApp slip' }).click();
  const whatsApp = await popup;
  await expect.poll(() => whatsApp.url()).toContain('https://wa.me/919822003300?text=');
  const message = decodeURIComponent(new URL(whatsApp.url()).searchParams.get('text') ?? '');
  expect(message).toContain('*मतदार चिठ्ठी*');
  expect(message).toContain(`नाव: ${names[0]}`);
  expect(message).toContain(`मतदार ओळखपत्र क्र. (EPIC): ${epics[0]}`);
  expect(message).toContain('भाग क्र.: 388, अनुक्रमांक: 1');
  await whatsApp.close();

  // Share slip: a desktop browser cannot share files, so the picture downloads.
  const picture = page.waitForEvent('download');
  await voter.getByRole('button', { name: 'Share slip' }).click();
  const image = await picture;
  expect(image.suggestedFilename()).toBe(`voter-slip-${epics[0]}.png`);
  const png = await readFile(await image.path());
  expect(png.subarray(1, 4).toString()).toBe('PNG');
});

test('should make the whole constituency\'s slips in the background and download them when ready', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, E2E_USERS.admin);
  await page.goto('/booths');
  const panel = page.getByRole('region', { name: 'Slips of the whole constituency' });
  await panel.getByLabel('Format').selectOption('thermal58');
  // The start's answer first: a refusal fails here with its status, not later as a missing status line.
  const started = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/slips/jobs');
  await panel.getByRole('button', { name: 'Make all slips' }).click();
  expect((await started).status()).toBe(202);
  // The progress survives a reload: the job is a row on the server.
  await expect(panel.getByRole('status')).toContainText(/Booth \d+ of 396|Ready/);
  await page.reload();
  await expect(panel.getByRole('status')).toContainText(/Ready: [\d,]+ slips/, { timeout: 90_000 });
  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^voter-slips-constituency-\d+\.pdf$/);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect((await pdfPagesText(pdf)).length).toBeGreaterThan(0);
});
