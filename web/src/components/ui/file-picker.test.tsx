// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { FilePicker } from './file-picker';

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

function Picker({ multiple = false }: { multiple?: boolean }) {
  const [files, setFiles] = useState<File[]>([]);
  return <FilePicker label="Roll PDF files" accept=".pdf" multiple={multiple} files={files} onFiles={setFiles} />;
}
const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

describe('FilePicker', () => {
  it('should name its input by the label and say which files were chosen', async () => {
    render(<Picker multiple />);
    expect(screen.getByText('Choose files')).toBeInTheDocument();
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
    const input = screen.getByLabelText('Roll PDF files');
    await userEvent.upload(input, [pdf('part-161.pdf')]);
    expect(screen.getByText('part-161.pdf')).toBeInTheDocument();
    await userEvent.upload(input, [pdf('part-161.pdf'), pdf('part-162.pdf')]);
    expect(screen.getByText('2 files chosen')).toBeInTheDocument();
  });

  it('should speak the language on screen, not the browser’s', async () => {
    render(<Picker />);
    await act(() => i18n.changeLanguage('mr'));
    expect(screen.getByText('फाइल निवडा')).toBeInTheDocument();
    expect(screen.getByText('कोणतीही फाइल निवडलेली नाही')).toBeInTheDocument();
  });
});
