import { FolderOpen } from 'lucide-react';
import { type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';

interface FilePickerProps {
  label: string;
  accept: string;
  files: readonly File[];
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
}

// A file input that speaks the user's language: the browser's own button and "No file chosen"
// speak the phone's, English on most phones in India whatever the app is set to. The input
// itself stays (hidden, named by the label) for the keyboard, screen readers and tests.
export function FilePicker({ label, accept, files, onFiles, multiple = false, disabled = false, ref }: FilePickerProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const chosen = files.length === 0 ? t('common.noFileChosen') : files.length === 1 ? (files[0] as File).name : t('common.filesChosen', { count: files.length });
  return (
    <div className="min-w-0 flex-1">
      <span id={labelId} className="block text-sm font-medium text-slate-700">
        {label}
      </span>
      <div className="mt-1 flex min-w-0 items-center gap-3 rounded-lg border border-slate-300 bg-white p-1.5">
        <label
          className={`inline-flex min-h-10 shrink-0 cursor-pointer items-center gap-2 rounded bg-slate-100 px-3 text-sm font-medium text-slate-700 focus-within:ring-2 focus-within:ring-blue-600 hover:bg-slate-200 ${disabled ? 'pointer-events-none opacity-60' : ''}`}
        >
          <FolderOpen aria-hidden="true" className="h-4 w-4" />
          {multiple ? t('common.chooseFiles') : t('common.chooseFile')}
          <input
            ref={ref}
            type="file"
            accept={accept}
            multiple={multiple}
            disabled={disabled}
            aria-labelledby={labelId}
            className="sr-only"
            onChange={(event) => onFiles(Array.from(event.target.files ?? []))}
          />
        </label>
        <span className="min-w-0 truncate text-sm text-slate-600" title={files.map((file) => file.name).join('\n') || undefined}>
          {chosen}
        </span>
      </div>
    </div>
  );
}
