import { describe, expect, it } from 'vitest';
import { innerLabelStart, labelAtStart } from './label-match';

// Lines as OCR or a text layer gives them (made-up names).
describe('labelAtStart', () => {
  it('should find a label as printed, and where it ends', () => {
    expect(labelAtStart('वडिलांचे नाव : पाटील रमेश')).toEqual({ field: 'father', end: 12 });
    expect(labelAtStart("Husband's Name : Ravi Rao")).toEqual({ field: 'husband', end: 14 });
    expect(labelAtStart('પિતાનું નામ : પટેલ કિરણ')?.field).toBe('father');
  });

  it('should find a label read with a space or a joiner inside a word', () => {
    const text = 'व डिलांचे नाव : पाटील रमेश';
    const found = labelAtStart(text);
    expect(found?.field).toBe('father');
    expect(text.slice(found?.end)).toBe(' : पाटील रमेश');
    expect(labelAtStart('प तीचे नाव पाटील रमेश')?.field).toBe('husband');
    expect(labelAtStart('पती\u200dचे नाव : पाटील रमेश')?.field).toBe('husband');
  });

  it('should find a relation printed as "इतर" alone before its colon, and not a name that starts so', () => {
    expect(labelAtStart('इतर : पाटील रमेश')).toEqual({ field: 'other', end: 3 });
    expect(labelAtStart('इ तर : पाटील रमेश')?.field).toBe('other');
    expect(labelAtStart('इतरकर सुनील')).toBeNull();
  });

  it('should find a label read a letter off, as OCR misreads it', () => {
    expect(labelAtStart('पत्ति का नाम : रमेश कुमार')?.field).toBe('husband');
    expect(labelAtStart('निर्वाचक का नाम : सुनीता देवी')?.field).toBe('name');
    expect(labelAtStart('Fathers Narne : Ravi Rao')?.field).toBe('father');
  });

  it('should not take a name that starts like a label for one', () => {
    expect(labelAtStart('पाटील रमेश')).toBeNull();
    expect(labelAtStart('पतंगे सुनील')).toBeNull();
    expect(labelAtStart('Agarwal Ravi')).toBeNull();
  });
});

describe('innerLabelStart', () => {
  it('should find where a relative line glued to a name starts', () => {
    const text = 'पाटील सुनीता व डिलांचे नाव पाटील रमेश';
    expect(text.slice(innerLabelStart(text))).toBe('व डिलांचे नाव पाटील रमेश');
    const hindi = 'सुनीता देवी पत्ति का नाम रमेश कुमार';
    expect(hindi.slice(innerLabelStart(hindi))).toBe('पत्ति का नाम रमेश कुमार');
  });

  it('should not cut a line inside its own label read with a space', () => {
    expect(innerLabelStart('व डिलांचे नाव:पाटील रमेश')).toBe(-1);
  });

  it('should leave a name holding a relation word alone', () => {
    expect(innerLabelStart('गणपति पति राम')).toBe(-1);
    expect(innerLabelStart('Ravi Father Rao')).toBe(-1);
  });
});
