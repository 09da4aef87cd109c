import { useTranslation } from 'react-i18next';
import type { ServiceReceipt as Receipt } from '@shared/service-requests/service-attachment-schema';
import { RECEIPT_WORDS, receiptDate } from '@shared/service-requests/service-receipt';
import { Button } from '@web/components/ui/button';
import { useServiceReceipt } from '../api/get-service-receipt';

// The citizen's receipt (issue 59, decision 077): printed from the browser in the citizen's
// language (the browser shapes Devanagari and Gujarati with its own fonts, and "Save as PDF"
// comes with every print dialog), and sent as a WhatsApp message through wa.me.
export function ServiceReceiptActions({ requestId, version }: { requestId: number; version: number }) {
  const { t } = useTranslation();
  const receipt = useServiceReceipt(requestId, version);
  const data = receipt.data;
  return (
    <section aria-labelledby="service-receipt">
      <h3 id="service-receipt" className="mb-2 text-sm font-semibold text-slate-900">
        {t('service.receipt.title')}
      </h3>
      {data && <p className="mb-2 whitespace-pre-wrap rounded-lg bg-slate-50 p-2 text-sm text-slate-700" lang={data.language}>{data.message}</p>}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={!data} onClick={() => data && printReceipt(data)}>
          {t('service.receipt.print')}
        </Button>
        {data?.whatsapp_href ? (
          <a href={data.whatsapp_href} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center rounded-lg bg-green-700 px-4 text-sm font-medium text-white hover:bg-green-800">
            {t('service.receipt.whatsapp')}
          </a>
        ) : (
          data && <p className="self-center text-sm text-slate-500">{t('service.receipt.noMobile')}</p>
        )}
      </div>
    </section>
  );
}

// A print-friendly page of its own in a new window, built from DOM nodes (never HTML from data).
function printReceipt(receipt: Receipt) {
  const tab = window.open('', '_blank');
  if (!tab) return;
  const words = RECEIPT_WORDS[receipt.language];
  const doc = tab.document;
  doc.documentElement.lang = receipt.language;
  doc.title = `${words.title} ${receipt.receipt_no}`;
  const style = doc.createElement('style');
  style.textContent =
    'body{background:#fff;font-family:"Noto Sans Devanagari","Noto Sans Gujarati",system-ui,sans-serif;max-width:360px;margin:24px auto;padding:16px;border:1px solid #333;color:#000}h1{font-size:18px;margin:0 0 4px}h2{font-size:15px;margin:0 0 12px;font-weight:normal}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;font-size:14px}dt{color:#444}dd{margin:0;font-weight:600}p{font-size:13px;margin-top:12px}.no{font-size:22px;letter-spacing:1px}@media print{body{border:none}}';
  // The app's own stylesheets carry its Devanagari and Gujarati fonts (fonts.css): a phone
  // without them would print boxes.
  for (const sheet of document.querySelectorAll('link[rel="stylesheet"], style')) doc.head.append(sheet.cloneNode(true));
  doc.head.append(style);
  const add = <K extends keyof HTMLElementTagNameMap>(parent: HTMLElement, tag: K, text: string, className?: string) => {
    const node = doc.createElement(tag);
    node.textContent = text;
    if (className) node.className = className;
    parent.append(node);
    return node;
  };
  add(doc.body, 'h1', receipt.office_name);
  add(doc.body, 'h2', words.title);
  const list = doc.createElement('dl');
  const rows: [string, string, string?][] = [
    [words.receipt, receipt.receipt_no, 'no'],
    [words.date, receiptDate(receipt.registered_on)],
    [words.name, receipt.citizen_name],
    [words.category, words.categories[receipt.category as keyof typeof words.categories] ?? receipt.category],
    [words.status, words.statuses[receipt.status as keyof typeof words.statuses] ?? receipt.status],
    [words.office, receipt.office_name],
  ];
  for (const [label, value, className] of rows) {
    add(list, 'dt', label);
    add(list, 'dd', value, className);
  }
  doc.body.append(list);
  add(doc.body, 'p', words.footer);
  tab.setTimeout(() => tab.print(), 300);
}
