import { describe, expect, it } from 'vitest';
import { CASTES, subcastesOf, VILLAGES, villagesOf } from '../reference/voter-lists';
import { voterInputSchema, voterQuerySchema } from './voter-schema';

const base = { voter_no: 'B1-01', full_name: 'Sunita Pawar', voter_id: 'abc1234567' };

describe('voterInputSchema', () => {
  it('should turn the form\'s text into stored values when the form is valid', () => {
    const voter = voterInputSchema.parse({ ...base, age: '45', head_of_house: '2', mobile_number: '98765-43210', present_in_city: 'false', present_city_name: ' Pune ', gender: '', is_dead: false });
    expect(voter).toMatchObject({ voter_id: 'ABC1234567', age: 45, head_of_house: 2, mobile_number: '9876543210', present_in_city: false, present_city_name: 'Pune', gender: null, is_dead: false, caste: null });
  });

  it('should default present_in_city to true and then drop the present city name', () => {
    const voter = voterInputSchema.parse({ ...base, present_city_name: 'Mumbai' });
    expect(voter.present_in_city).toBe(true);
    expect(voter.present_city_name).toBeNull();
  });

  it('should give a message per bad field', () => {
    const result = voterInputSchema.safeParse({ voter_no: '', full_name: '', voter_id: '', age: '121', mobile_number: '123' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toMatchObject({ voter_no: 'Voter Number is required', full_name: 'Full Name is required', voter_id: 'Voter ID is required', age: 'Age must be between 18 and 120', mobile_number: 'Mobile Number must be 10 digits' });
  });
});

describe('voterQuerySchema', () => {
  it('should default page 1 and limit 30 and ignore empty parameters', () => {
    expect(voterQuerySchema.parse({ search: '', gender: '', page: '' })).toEqual({ page: 1, limit: 30 });
    expect(voterQuerySchema.parse({ page: '3', limit: '50', age_min: '20' })).toMatchObject({ page: 3, limit: 50, age_min: 20 });
  });
});

describe('voter reference lists', () => {
  it('should ship about 75 castes, each sub-caste list its own, and villages by taluka plus Other', () => {
    expect(CASTES.length).toBeGreaterThanOrEqual(75);
    expect(subcastesOf('Kunbi')).toContain('Khaire');
    expect(subcastesOf('Rajput')).toEqual([]);
    expect(subcastesOf(null)).toEqual([]);
    expect(VILLAGES.length).toBeGreaterThan(250);
    expect(VILLAGES.at(-1)).toBe('Other');
    expect(villagesOf('Digras')).toContain('Arambhi');
    expect(villagesOf('Ner')).not.toContain('Arambhi');
    expect(villagesOf('Ner')).toContain('Other');
  });
});
