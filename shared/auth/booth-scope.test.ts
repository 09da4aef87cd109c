import { describe, expect, it } from 'vitest';
import { BOOTHS } from '../reference/booths';
import { boothScopeOf, boothsInScope } from './booth-scope';

describe('boothScopeOf', () => {
  it('should reach every booth when the role is Super Admin or Admin', () => {
    expect(boothScopeOf('Super Admin', [])).toEqual({ kind: 'all' });
    expect(boothScopeOf('Admin', ['Booth-03'])).toEqual({ kind: 'all' });
  });

  it('should reach every booth when a field role holds "Admin" booth access', () => {
    expect(boothScopeOf('Karyakarta', ['Booth-03', 'Admin'])).toEqual({ kind: 'all' });
  });

  it('should reach only the real booths of booth_access when the role is a field role', () => {
    expect(boothScopeOf('Supervisor', ['Booth-03', 'Booth-7', 'Booth-12'])).toEqual({ kind: 'booths', booths: ['Booth-03', 'Booth-12'] });
    expect(boothScopeOf('Karyakarta', [])).toEqual({ kind: 'booths', booths: [] });
  });
});

describe('boothsInScope', () => {
  it('should offer every booth when the scope is all and only the own booths otherwise', () => {
    expect(boothsInScope({ kind: 'all' })).toBe(BOOTHS);
    expect(boothsInScope({ kind: 'booths', booths: ['Booth-05'] })).toEqual(['Booth-05']);
  });
});
