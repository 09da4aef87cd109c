import { describe, expect, it } from 'vitest';
import { boothOfCell, candidateOf } from './results-sheet';

describe('candidateOf', () => {
  it('should take the party alone as the column when the header is a party name in any language', () => {
    expect(candidateOf('भाजप')).toEqual({ column: 'भाजप', name: 'भाजप', party: 'BJP' });
    expect(candidateOf('Indian National Congress')).toMatchObject({ party: 'Congress' });
  });

  it('should prefer the longest party name when one party name holds another', () => {
    expect(candidateOf('Sunita More (Shiv Sena (UBT))')).toEqual({ column: 'Sunita More (Shiv Sena (UBT))', name: 'Sunita More', party: 'Shiv Sena (UBT)' });
    expect(candidateOf('Anil Deshmukh - NCP (Sharad Pawar)')).toMatchObject({ name: 'Anil Deshmukh', party: 'NCP (Sharad Pawar)' });
  });

  it('should keep the header as an independent candidate when no whole party name is in it', () => {
    expect(candidateOf('S P Patil')).toEqual({ column: 'S P Patil', name: 'S P Patil', party: null });
    expect(candidateOf('Other Kumar')).toMatchObject({ party: null });
    expect(candidateOf('NOTA')).toMatchObject({ party: null });
  });
});

describe('boothOfCell', () => {
  it('should read a booth label or its number when the cell names a booth', () => {
    expect(boothOfCell('7')).toBe('Booth-07');
    expect(boothOfCell('Booth-07')).toBe('Booth-07');
    expect(boothOfCell('booth 396')).toBe('Booth-396');
    expect(boothOfCell('397')).toBeUndefined();
    expect(boothOfCell('Ward 3')).toBeUndefined();
  });
});
