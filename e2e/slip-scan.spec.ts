import { createCanvas } from '@napi-rs/canvas';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import QRCode from 'qrcode';
import { apiToken, createVoterViaApi } from './support/api';
import { E2E_USERS } from './support/e2e-users';
import { setOfflinePin } from './support/offline-pin';
import { signIn } from './support/session';

// Issue 61, slips with a QR code (docs/poll-day.md, decision 085): a runner's phone marks voters
// by the QR code of their printed slips, seen through the camera (a stand-in camera that films a
// picture of the slip PDF the server printed) or read from a photo; refusals say why; a scan made
// without signal waits in the outbox and the server decides when it arrives. Booths 227 to 230
// are this file's own.
const PHONE = { width: 390, height: 844 };

async function karyakartaFor(request: APIRequestContext, token: string, booth: string) {
  const suffix = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36).toString(36)}`;
  const person = { username: `scan_${suffix}`, full_name: `Scanner ${suffix}`, password: 'Field-Pass-42!', role: 'Karyakarta', booth_access: [booth], mobile: '9876543210' };
  const response = await request.post('/api/users', { headers: { authorization: `Bearer ${token}` }, data: person });
  if (!response.ok()) throw new Error(await response.text());
  return person;
}

async function seedVoters(request: APIRequestContext, token: string, booth: string, count: number, suffix: string): Promise<{ id: number; name: string }[]> {
  const voters: { id: number; name: string }[] = [];
  for (let serial = 1; serial <= count; serial += 1) {
    const name = `Slip Voter ${serial} ${suffix}`;
    voters.push({ id: await createVoterViaApi(request, token, { voter_no: String(serial), voter_id: `SQ${suffix.toUpperCase()}${serial}`, full_name: name, booth, part_serial: String(serial), gender: 'Female' }), name });
  }
  return voters;
}

// The voter's slip as the server prints it (an 80 mm label, one slip a page), drawn as a picture:
// what a camera pointed at the paper sees.
async function slipPicture(request: APIRequestContext, token: string, voterId: number): Promise<Buffer> {
  const response = await request.get(`/api/slips/voters/${voterId}?format=thermal80&lang=mr`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text().catch(() => '')).toBe(200);
  const document = await getDocument({ data: new Uint8Array(await response.body()), isEvalSupported: false }).promise;
  const page = await document.getPage(1);
  const viewport = page.getViewport({ scale: 2 });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvasContext: context as never, viewport, canvas: canvas as never }).promise;
  await document.destroy();
  return canvas.toBuffer('image/png');
}

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

// A stand-in back camera: getUserMedia answers with a canvas's stream, the canvas filming
// whatever picture window.showToCamera was given last (nothing: a blank table).
async function fakeCamera(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    let picture: HTMLImageElement | null = null;
    const draw = () => {
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#d9d4c7';
      context.fillRect(0, 0, canvas.width, canvas.height);
      if (picture?.complete && picture.naturalWidth > 0) {
        const scale = Math.min(canvas.width / picture.naturalWidth, canvas.height / picture.naturalHeight) * 0.95;
        const width = picture.naturalWidth * scale;
        const height = picture.naturalHeight * scale;
        context.drawImage(picture, (canvas.width - width) / 2, (canvas.height - height) / 2, width, height);
      }
    };
    window.setInterval(draw, 100);
    (window as unknown as { showToCamera: (url: string | null) => void }).showToCamera = (url) => {
      picture = url === null ? null : Object.assign(new Image(), { src: url });
    };
    navigator.mediaDevices.getUserMedia = async () => {
      draw();
      return canvas.captureStream(10);
    };
  });
}
const showToCamera = (page: Page, png: Buffer | null) => page.evaluate((url) => (window as unknown as { showToCamera: (url: string | null) => void }).showToCamera(url), png ? dataUrl(png) : null);

const votedIn = async (request: APIRequestContext, token: string, booth: number) =>
  ((await (await request.get(`/api/poll/booths/${booth}/marks`, { headers: { authorization: `Bearer ${token}` } })).json()) as { voted: number }).voted;

test('should mark voters one after another by holding their slips up to the phone camera', async ({ page, request }) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString(36).slice(-5);
  const token = await apiToken(request, E2E_USERS.admin);
  const voters = await seedVoters(request, token, 'Booth-227', 3, suffix);
  const runner = await karyakartaFor(request, token, 'Booth-227');
  const slips = [await slipPicture(request, token, voters[0]!.id), await slipPicture(request, token, voters[1]!.id)];

  await fakeCamera(page);
  await page.setViewportSize(PHONE);
  await signIn(page, runner);
  await page.goto('/poll/mark');
  await expect(page.getByTestId('booth-progress')).toHaveText('Booth-227 · 0 of 3 voted (0.0%)');
  await page.getByRole('button', { name: 'Scan slip' }).click();
  const scanner = page.getByRole('region', { name: 'Scan a voter slip' });
  await expect(scanner.getByText('Looking for a QR code…')).toBeVisible();
  const result = scanner.getByRole('status', { name: 'Last slip scanned' });

  await showToCamera(page, slips[0]!);
  await expect(result).toContainText(voters[0]!.name);
  await expect(result).toContainText('Serial no. 1');
  await expect(result).toContainText('Marked as voted');
  await expect(page.getByTestId('booth-progress')).toHaveText('Booth-227 · 1 of 3 voted (33.3%)');

  // The next slip, then the first one again: already marked, said so, not an error.
  await showToCamera(page, slips[1]!);
  await expect(result).toContainText(voters[1]!.name);
  await expect(result).toContainText('Marked as voted');
  await showToCamera(page, slips[0]!);
  await expect(result).toContainText(voters[0]!.name);
  await expect(result).toContainText(/Already marked as voted at \d\d:\d\d/);
  expect(await votedIn(request, token, 227)).toBe(2);
  await expect(page.getByRole('list', { name: 'Latest marks' }).getByRole('listitem')).toHaveCount(2);

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await scanner.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'Scan slip' })).toBeVisible();
});

test('should refuse a slip of another booth, a revoked slip and another QR code read from photos, and mark by the reprinted slip', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36).slice(-5);
  const token = await apiToken(request, E2E_USERS.admin);
  const [voter] = await seedVoters(request, token, 'Booth-228', 1, suffix);
  const [stranger] = await seedVoters(request, token, 'Booth-229', 1, `${suffix}x`);
  const runner = await karyakartaFor(request, token, 'Booth-228');
  const oldSlip = await slipPicture(request, token, voter!.id);
  const strangerSlip = await slipPicture(request, token, stranger!.id);

  // The slip was lost: the office revokes its QR code from the voter dialog.
  const office = await browser.newPage();
  await signIn(office, E2E_USERS.admin);
  await office.goto(`/voters?tab=search&search=${encodeURIComponent(voter!.name)}`);
  await office.getByRole('button', { name: `Edit ${voter!.name}`, exact: true }).click();
  const dialog = office.getByRole('dialog', { name: 'Edit Voter' });
  const code = dialog.getByTestId('slip-code');
  await expect(code).toContainText('Slips printed so far carry this voter’s first QR code.');
  await code.getByRole('button', { name: 'Revoke slip QR code' }).click();
  const confirm = office.getByRole('dialog', { name: 'Revoke the slip QR code?' });
  await expect(confirm).toContainText(`Slips of ${voter!.name} printed until now will no longer mark the voter on poll day.`);
  await confirm.getByRole('button', { name: 'Revoke slip QR code' }).click();
  await expect(office.getByText('Slip QR code revoked. Print a new slip for the voter.')).toBeVisible();
  await expect(code).toContainText(/Revoked on .+ by /);
  await office.close();
  const newSlip = await slipPicture(request, token, voter!.id);

  // This phone has no camera (none in the test browser): photos of the slips instead.
  await page.setViewportSize(PHONE);
  await signIn(page, runner);
  await page.goto('/poll/mark');
  await page.getByRole('button', { name: 'Scan slip' }).click();
  const scanner = page.getByRole('region', { name: 'Scan a voter slip' });
  await expect(scanner.getByText(/The camera could not be opened|This browser cannot open the camera here/)).toBeVisible();
  const result = scanner.getByRole('status', { name: 'Last slip scanned' });
  const choosePhoto = async (png: Buffer, name: string) => {
    const chooser = page.waitForEvent('filechooser');
    await scanner.getByRole('button', { name: 'Choose a photo' }).click();
    await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: png });
  };

  await choosePhoto(strangerSlip, 'stranger.png');
  await expect(result).toContainText('Not marked');
  await expect(result).toContainText('This slip is for a voter of Booth-229, not Booth-228');

  await choosePhoto(oldSlip, 'old.png');
  await expect(result).toContainText('This slip was replaced by a newer one and no longer counts: mark the voter by serial number');

  await choosePhoto(await QRCode.toBuffer(`SQ${suffix.toUpperCase()}1`, { width: 300 }), 'epic.png');
  await expect(result).toContainText('This QR code is not a valid voter slip');

  const blank = createCanvas(400, 300);
  const paper = blank.getContext('2d');
  paper.fillStyle = '#fff';
  paper.fillRect(0, 0, 400, 300);
  await choosePhoto(blank.toBuffer('image/png'), 'nothing.png');
  await expect(result).toContainText('No QR code found in this photo. Take it closer, flat and in good light.');
  expect(await votedIn(request, token, 228)).toBe(0);

  await choosePhoto(newSlip, 'new.png');
  await expect(result).toContainText(voter!.name);
  await expect(result).toContainText('Marked as voted');
  expect(await votedIn(request, token, 228)).toBe(1);
  expect(await votedIn(request, token, 229)).toBe(0);
});

test('should keep slips scanned without signal on the phone and let the server decide when the signal returns', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36).slice(-5);
  const token = await apiToken(request, E2E_USERS.admin);
  const voters = await seedVoters(request, token, 'Booth-230', 2, suffix);
  const runner = await karyakartaFor(request, token, 'Booth-230');
  const goodSlip = await slipPicture(request, token, voters[0]!.id);
  const lostSlip = await slipPicture(request, token, voters[1]!.id);
  expect((await request.post(`/api/slips/voters/${voters[1]!.id}/code/revoke`, { headers: { authorization: `Bearer ${token}` }, data: { generation: 0 } })).status()).toBe(200);

  await fakeCamera(page);
  await page.setViewportSize(PHONE);
  await signIn(page, runner);
  await page.goto('/poll/mark');
  await expect(page.getByTestId('booth-progress')).toHaveText('Booth-230 · 0 of 2 voted (0.0%)');
  await setOfflinePin(page);
  // The scanner's code loads while there is signal (a service worker keeps it on a real phone).
  await page.getByRole('button', { name: 'Scan slip' }).click();
  const scanner = page.getByRole('region', { name: 'Scan a voter slip' });
  await expect(scanner.getByText('Looking for a QR code…')).toBeVisible();
  const result = scanner.getByRole('status', { name: 'Last slip scanned' });

  await context.setOffline(true);
  await showToCamera(page, goodSlip);
  await expect(result).toContainText('Saved on this phone: the slip will be checked and the voter marked when the connection returns');
  // Named from the phone's own copy of the booth.
  await expect(result).toContainText(voters[0]!.name);
  await expect(page.getByRole('button', { name: 'waiting to send (1)' })).toBeVisible();
  await showToCamera(page, lostSlip);
  await expect(page.getByRole('button', { name: 'waiting to send (2)' })).toBeVisible();
  expect(await votedIn(request, token, 230)).toBe(0);

  await context.setOffline(false);
  await expect.poll(() => votedIn(request, token, 230), { timeout: 20_000 }).toBe(1);
  // The revoked slip came back refused, with its reason, like any refused change.
  await expect(page.getByRole('button', { name: 'waiting to send (1)' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'waiting to send (1)' }).click();
  const outbox = page.getByRole('dialog', { name: 'Changes waiting to send' });
  await expect(outbox).toContainText(`Slip scanned on poll day: ${voters[1]!.name}`);
  await expect(outbox).toContainText('This slip was replaced by a newer one and no longer counts: mark the voter by serial number');
  await outbox.getByRole('button', { name: 'Discard this change' }).click();
  await expect(page.getByRole('button', { name: /waiting to send/ })).toHaveCount(0);
  const marks = (await (await request.get('/api/poll/booths/230/marks', { headers: { authorization: `Bearer ${token}` } })).json()) as { marks: { voter_id: number }[] };
  expect(marks.marks.map((mark) => mark.voter_id)).toEqual([voters[0]!.id]);
});
