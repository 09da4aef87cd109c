// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@web/lib/i18n';
import { FormField } from './form-field';

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('FormField', () => {
  it('should show a shared schema message as written in English', () => {
    render(
      <FormField label="Full Name" error="Full Name is required">
        <input />
      </FormField>,
    );
    expect(screen.getByText('Full Name is required')).toBeInTheDocument();
  });

  it('should show a shared schema message in the language on screen, and follow a change at once', async () => {
    render(
      <FormField label="Mobile" error="Enter a 10-digit mobile number starting with 6, 7, 8 or 9">
        <input />
      </FormField>,
    );
    await act(() => i18n.changeLanguage('mr'));
    expect(screen.getByText('6, 7, 8 किंवा 9 ने सुरू होणारा 10 अंकी मोबाईल क्रमांक टाका')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('gu'));
    expect(screen.getByText('6, 7, 8 અથવા 9 થી શરૂ થતો 10 અંકનો મોબાઇલ નંબર દાખલ કરો')).toBeInTheDocument();
  });

  it('should leave a message already in the language on screen as it is', async () => {
    await act(() => i18n.changeLanguage('hi'));
    render(
      <FormField label="Username" error="यह उपयोगकर्ता नाम पहले से मौजूद है">
        <input />
      </FormField>,
    );
    expect(screen.getByText('यह उपयोगकर्ता नाम पहले से मौजूद है')).toBeInTheDocument();
  });
});
