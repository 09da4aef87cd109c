import { describe, expect, it } from 'vitest';
import { BOOTH_ACCESS_VALUES, boothLabelOf, boothNumberOf, BOOTHS, isBooth } from './booths';

describe('BOOTHS', () => {
  it('should list Booth-01 to Booth-396 in order', () => {
    expect(BOOTHS).toHaveLength(396);
    expect(BOOTHS[0]).toBe('Booth-01');
    expect(BOOTHS[99]).toBe('Booth-100');
    expect(BOOTHS[395]).toBe('Booth-396');
  });

  it('should offer Admin as a booth access value but not as a booth', () => {
    expect(BOOTH_ACCESS_VALUES).toContain('Admin');
    expect(isBooth('Admin')).toBe(false);
    expect(isBooth('Booth-7')).toBe(false);
    expect(isBooth('Booth-07')).toBe(true);
  });
});

describe('boothNumberOf and boothLabelOf', () => {
  it('should turn a label into its number and back when the booth exists', () => {
    expect(boothNumberOf('Booth-07')).toBe(7);
    expect(boothNumberOf('Booth-396')).toBe(396);
    expect(boothLabelOf(7)).toBe('Booth-07');
    expect(boothLabelOf(100)).toBe('Booth-100');
    for (const label of BOOTHS) expect(boothLabelOf(boothNumberOf(label)!)).toBe(label);
  });

  it('should give nothing when the label or number names no booth', () => {
    expect(boothNumberOf('Booth-7')).toBeUndefined();
    expect(boothNumberOf('Admin')).toBeUndefined();
    expect(boothNumberOf(null)).toBeUndefined();
    expect(boothLabelOf(0)).toBeUndefined();
    expect(boothLabelOf(397)).toBeUndefined();
    expect(boothLabelOf(1.5)).toBeUndefined();
  });
});
