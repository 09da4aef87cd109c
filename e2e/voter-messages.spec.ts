import { expect, test } from '@playwright/test';
import { apiToken, createVoterViaApi } from './support/api';
import { E2E_USERS } from './support/e2e-users';
import { signIn } from './support/session';

// Issue 60: the office sends a Marathi template to one booth's voters. The preview says who is
// left out and why (no mobile, opted out), the parts and the cost; the send goes out as a job
// whose progress the list shows.
test('should preview, send and follow a message to one booth\'s voters, leaving out the opted out and those without a mobile', async ({ page, request }) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString().slice(-6);
  // Booth-383 is this test's own: the preview counts every voter of the booth, and other tests
  // put voters without a mobile in theirs.
  const booth = 'Booth-383';
  const token = await apiToken(request, E2E_USERS.admin);
  await createVoterViaApi(request, token, { voter_no: '1', voter_id: `VM${suffix}A`, full_name: `Ramesh Patil ${suffix}`, booth, mobile_number: `97${suffix}01` });
  await createVoterViaApi(request, token, { voter_no: '2', voter_id: `VM${suffix}B`, full_name: `Sita More ${suffix}`, booth, mobile_number: `97${suffix}02` });
  await createVoterViaApi(request, token, { voter_no: '3', voter_id: `VM${suffix}C`, full_name: `No Phone ${suffix}`, booth });
  const optedOut = await createVoterViaApi(request, token, { voter_no: '4', voter_id: `VM${suffix}D`, full_name: `Opted Out ${suffix}`, booth, mobile_number: `97${suffix}04` });
  const consent = await request.put(`/api/voter-messages/consent/${optedOut}`, { headers: { authorization: `Bearer ${token}` }, data: { state: 'opted_out' } });
  expect(consent.ok()).toBe(true);

  await signIn(page, E2E_USERS.admin);
  // The staff form's "Voter" recipient leads here.
  await page.goto('/notifications');
  await page.getByRole('form', { name: 'Send SMS' }).getByLabel('Role').selectOption('voter');
  await page.getByRole('link', { name: 'Send a message to voters' }).click();
  await expect(page.getByRole('heading', { name: 'Messages to voters' })).toBeVisible();

  // A template in Marathi, with its DLT id; its counter counts Unicode parts.
  const templateName = `Ward meeting ${suffix}`;
  const templates = page.getByRole('form', { name: 'New template' });
  await templates.getByLabel('Template name').fill(templateName);
  await templates.getByLabel('DLT template id').fill('1207160000000054321');
  await templates.getByLabel('Text in मराठी').fill('नमस्कार {name}, {date} रोजी {booth} येथे बैठक आहे.');
  await expect(templates.getByText(/Unicode \(70 a part\) · 1 SMS part · estimated cost ₹0\.25/)).toBeVisible();
  await templates.getByRole('button', { name: 'Add template' }).click();
  await expect(page.getByText('Template saved')).toBeVisible();

  const form = page.getByRole('region', { name: 'Send to voters' });
  await form.getByLabel('Booth').selectOption(booth);
  await form.getByLabel('Template').selectOption({ label: `${templateName} (Service)` });
  await form.getByLabel('Date for {date}').fill('12 डिसेंबर');
  await form.getByRole('button', { name: 'Preview' }).click();
  const preview = form.getByRole('status', { name: 'Before sending' });
  await expect(preview.getByText('2 voters will get this message')).toBeVisible();
  await expect(preview.getByText('Left out: 1 without a mobile, 1 opted out')).toBeVisible();
  // Neither voter has a message language of their own: the office's Marathi.
  await expect(preview.getByText('Written in: मराठी 2')).toBeVisible();
  await expect(preview.getByText(/^2 SMS parts · estimated cost ₹0\.50 · budget left today/)).toBeVisible();
  await expect(preview.getByText(`नमस्कार Ramesh Patil ${suffix}, 12 डिसेंबर रोजी ${booth} येथे बैठक आहे.`)).toBeVisible();
  await preview.getByRole('button', { name: 'Send to 2 voters' }).click();
  await expect(page.getByText('Queued for 2 voters')).toBeVisible();

  // The job sends at the gateway's rate; the list follows it to the end.
  const sent = page.getByRole('region', { name: 'Sends' }).getByRole('listitem').filter({ hasText: templateName });
  await expect(sent.getByText('2 of 2 sent · 0 failed · 0 not sent')).toBeVisible({ timeout: 30_000 });
  await expect(sent.getByText('Done')).toBeVisible();
  // No delivery report yet from the gateway (the log gateway sends none).
  await expect(sent.getByText('0 delivered · 0 not delivered · 2 awaiting a report')).toBeVisible();
  await expect(sent.getByText('Cost ₹0.50 (estimated ₹0.50)')).toBeVisible();
});

// Issue 60's "done when": today's birthday greetings in Marathi in two clicks, and one voter
// greeted by WhatsApp with the text filled in. Booth-384 is this test's own.
test("should send today's birthday greetings in two clicks and greet one voter on WhatsApp", async ({ page, request }) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString().slice(-6);
  const token = await apiToken(request, E2E_USERS.admin);
  // Today in the office calendar (India), as the server counts birthdays.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()).slice(5);
  const name = `Vaishali Deshmukh ${suffix}`;
  await createVoterViaApi(request, token, { voter_no: '1', voter_id: `BD${suffix}A`, full_name: name, booth: 'Booth-384', mobile_number: `96${suffix}01`, date_of_birth: `1984-${today}` });
  const template = await request.post('/api/voter-messages/templates', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `Birthday Wishes ${suffix}`, category: 'service', dlt_template_id: '1207160000000054399', texts: { mr: '{name}, वाढदिवसाच्या हार्दिक शुभेच्छा!' } },
  });
  expect(template.ok()).toBe(true);

  await signIn(page, E2E_USERS.admin);
  await page.goto('/voter-messages');
  const greetings = page.getByRole('region', { name: "Today's greetings" });
  await greetings.getByLabel('Greeting template').selectOption({ label: `Birthday Wishes ${suffix}` });
  const birthdays = greetings.getByRole('region', { name: /birthdays? today/ });
  await expect(birthdays.getByText(name)).toBeVisible();

  // One tap: WhatsApp opens with the Marathi greeting for this voter (wa.me answered here:
  // the test machine has no internet).
  const opened: string[] = [];
  await page.context().route('https://wa.me/**', async (route) => {
    opened.push(route.request().url());
    await route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' });
  });
  const popup = page.waitForEvent('popup');
  await birthdays.getByRole('button', { name: `Greet ${name} on WhatsApp` }).click();
  await (await popup).close();
  expect(opened.map((url) => decodeURIComponent(url))).toEqual([`https://wa.me/9196${suffix}01?text=${name}, वाढदिवसाच्या हार्दिक शुभेच्छा!`]);

  // Two clicks: the day's SMS to everyone with a birthday today, then the preview's send.
  await birthdays.getByRole('button', { name: /^Send birthday greetings by SMS to \d+ voters?$/ }).click();
  const preview = birthdays.getByRole('status', { name: 'Before sending' });
  await expect(preview.getByText(`${name}, वाढदिवसाच्या हार्दिक शुभेच्छा!`).or(preview.getByText(/वाढदिवसाच्या हार्दिक शुभेच्छा!$/))).toBeVisible();
  await preview.getByRole('button', { name: /^Send to \d+ voters?$/ }).click();
  await expect(page.getByText(/^Queued for \d+ voters?$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sends' }).getByRole('listitem').filter({ hasText: `Birthday Wishes ${suffix}` })).toBeVisible();
});

// Decision 079: the same send by WhatsApp template messages (the e2e server talks to a stand-in
// of Meta's Cloud API). Booth-386 is this test's own.
test('should send an approved WhatsApp template to one booth\'s voters, one message each', async ({ page, request }) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString().slice(-6);
  const token = await apiToken(request, E2E_USERS.admin);
  await createVoterViaApi(request, token, { voter_no: '1', voter_id: `WA${suffix}A`, full_name: `Ganesh Pawar ${suffix}`, booth: 'Booth-386', mobile_number: `95${suffix}01` });
  await createVoterViaApi(request, token, { voter_no: '2', voter_id: `WA${suffix}B`, full_name: `Meena Pawar ${suffix}`, booth: 'Booth-386', mobile_number: `95${suffix}02`, whatsapp_number: `94${suffix}02` });

  await signIn(page, E2E_USERS.admin);
  await page.goto('/voter-messages');
  const templateName = `Sabha ${suffix}`;
  const templates = page.getByRole('form', { name: 'New template' });
  await templates.getByLabel('Template name').fill(templateName);
  await templates.getByLabel('DLT template id').fill('1207160000000054400');
  await templates.getByLabel('Name Meta approved for WhatsApp (optional)').fill('Sabha Notice');
  await templates.getByLabel('Text in मराठी').fill('नमस्कार {name}, {date} रोजी सभा आहे.');
  await templates.getByRole('button', { name: 'Add template' }).click();
  await expect(templates.getByText('A WhatsApp template name has only small letters, digits and _')).toBeVisible();
  await templates.getByLabel('Name Meta approved for WhatsApp (optional)').fill('sabha_notice');
  await templates.getByRole('button', { name: 'Add template' }).click();
  await expect(page.getByText('Template saved')).toBeVisible();

  const form = page.getByRole('region', { name: 'Send to voters' });
  await form.getByLabel('Booth').selectOption('Booth-386');
  await form.getByLabel('Template').selectOption({ label: `${templateName} (Service)` });
  await form.getByLabel('Send by').selectOption({ label: 'WhatsApp' });
  await form.getByLabel('Date for {date}').fill('15 डिसेंबर');
  await form.getByRole('button', { name: 'Preview' }).click();
  const preview = form.getByRole('status', { name: 'Before sending' });
  await expect(preview.getByText('2 voters will get this message')).toBeVisible();
  await expect(preview.getByText(/^2 WhatsApp messages · estimated cost ₹1\.60 · budget left today/)).toBeVisible();
  await preview.getByRole('button', { name: 'Send to 2 voters' }).click();
  await expect(page.getByText('Queued for 2 voters')).toBeVisible();
  const sent = page.getByRole('region', { name: 'Sends' }).getByRole('listitem').filter({ hasText: templateName });
  await expect(sent.getByText('WhatsApp', { exact: true })).toBeVisible();
  await expect(sent.getByText('2 of 2 sent · 0 failed · 0 not sent')).toBeVisible({ timeout: 30_000 });
});
