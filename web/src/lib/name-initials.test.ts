import { describe, expect, it } from 'vitest';
import { nameInitials } from './name-initials';

describe('nameInitials', () => {
  it('should keep vowel signs and conjuncts whole in Indic names', () => {
    expect(nameInitials('सुनील जाधव')).toBe('सुजा');
    expect(nameInitials('क्षमा त्रिवेदी')).toBe('क्षत्रि');
    expect(nameInitials('ભૂમિ પટેલ')).toBe('ભૂપ');
  });

  it('should give capitals of the first two words of a Latin name', () => {
    expect(nameInitials('  asha  rao patil ')).toBe('AR');
    expect(nameInitials('Kiran')).toBe('K');
    expect(nameInitials('')).toBe('');
  });
});
