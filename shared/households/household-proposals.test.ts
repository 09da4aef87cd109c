import { describe, expect, it } from 'vitest';
import { chooseHead, houseKey, isPlaceholderHouseNo, type ProposalVoter, proposeHouseholds, related } from './household-proposals';

let nextId = 0;
function voter(fields: Partial<ProposalVoter> & { full_name: string }): ProposalVoter {
  nextId += 1;
  return { id: nextId, father_husband_name: null, relation_type: null, gender: null, age: null, head_of_house: null, ...fields };
}

describe('related', () => {
  it('should relate two voters when they share a surname in Devanagari', () => {
    const father = voter({ full_name: 'शिवाजी रामराव चव्हाण', gender: 'Male', age: 62 });
    const son = voter({ full_name: 'राहुल शिवाजी चव्हाण', father_husband_name: 'शिवाजी चव्हाण', relation_type: 'Father', gender: 'Male', age: 34 });
    expect(related(father, son)).toBe(true);
  });

  it('should relate a wife whose roll surname differs when her husband’s name names another member', () => {
    // Married, she is still on the roll under her father's surname; the husband's name links her.
    const husband = voter({ full_name: 'गणेश विठ्ठल पाटील', gender: 'Male', age: 40 });
    const wife = voter({ full_name: 'सुनीता दत्तात्रय जाधव', father_husband_name: 'गणेश पाटील', relation_type: 'Husband', gender: 'Female', age: 36 });
    expect(related(husband, wife)).toBe(true);
    expect(related(wife, husband)).toBe(true);
  });

  it('should relate a one-word relative name through the holder’s surname when the spelling differs in long and short vowels', () => {
    const father = voter({ full_name: 'नितीन सुरेश काळे', gender: 'Male', age: 55 });
    const daughter = voter({ full_name: 'प्रिया नितिन काळे', father_husband_name: 'नितिन', relation_type: 'Father', gender: 'Female', age: 24 });
    expect(related(father, daughter)).toBe(true);
  });

  it('should not relate tenants of one house when neither surname nor relative names match', () => {
    const owner = voter({ full_name: 'प्रकाश बाबुराव देशमुख', father_husband_name: 'बाबुराव देशमुख', gender: 'Male', age: 58 });
    const tenant = voter({ full_name: 'इम्रान सलीम शेख', father_husband_name: 'सलीम शेख', gender: 'Male', age: 29 });
    expect(related(owner, tenant)).toBe(false);
  });

  it('should not relate two voters whose relative shares only the given name with the other when surnames differ', () => {
    const a = voter({ full_name: 'शिवाजी गायकवाड', gender: 'Male', age: 60 });
    const b = voter({ full_name: 'अमोल शिवाजी पवार', father_husband_name: 'शिवाजी पवार', gender: 'Male', age: 30 });
    expect(related(a, b)).toBe(false);
  });

  it('should relate Latin-script names the same way when cases and accents differ', () => {
    const father = voter({ full_name: 'Vitthal Pandurang RATHOD', gender: 'Male', age: 70 });
    const son = voter({ full_name: 'Balaji Vitthal Rāthod', father_husband_name: 'vitthal rathod', gender: 'Male', age: 45 });
    expect(related(father, son)).toBe(true);
  });
});

describe('chooseHead', () => {
  it('should choose the member the form marks as head of house when there is one', () => {
    const elder = voter({ full_name: 'तुकाराम ज्ञानेश्वर शिंदे', gender: 'Male', age: 80 });
    const marked = voter({ full_name: 'मंगला तुकाराम शिंदे', gender: 'Female', age: 52, head_of_house: 1 });
    expect(chooseHead([elder, marked])).toBe(marked.id);
  });

  it('should choose the oldest man named as father or husband over an older man nobody names', () => {
    const uncle = voter({ full_name: 'पांडुरंग भीमराव इंगळे', gender: 'Male', age: 75 });
    const father = voter({ full_name: 'अशोक भीमराव इंगळे', gender: 'Male', age: 60 });
    const son = voter({ full_name: 'विशाल अशोक इंगळे', father_husband_name: 'अशोक इंगळे', relation_type: 'Father', gender: 'Male', age: 33 });
    const wife = voter({ full_name: 'रेखा अशोक इंगळे', father_husband_name: 'अशोक इंगळे', relation_type: 'Husband', gender: 'Female', age: 55 });
    expect(chooseHead([uncle, father, son, wife])).toBe(father.id);
  });

  it('should choose the oldest man when no member names another', () => {
    const a = voter({ full_name: 'संतोष रमेश वाघ', gender: 'Male', age: 41 });
    const b = voter({ full_name: 'सचिन रमेश वाघ', gender: 'Male', age: 44 });
    const mother = voter({ full_name: 'शोभा रमेश वाघ', gender: 'Female', age: 66 });
    expect(chooseHead([a, b, mother])).toBe(b.id);
  });

  it('should choose the oldest member when the household has no man', () => {
    const a = voter({ full_name: 'सविता मोरे', gender: 'Female', age: 61 });
    const b = voter({ full_name: 'पूजा मोरे', gender: 'Female', age: 30 });
    expect(chooseHead([b, a])).toBe(a.id);
  });

  it('should not count a man named as mother’s relative when the relation is Mother', () => {
    const namesake = voter({ full_name: 'अनिल सोनवणे', gender: 'Male', age: 50 });
    const older = voter({ full_name: 'किशोर सोनवणे', gender: 'Male', age: 58 });
    const child = voter({ full_name: 'आकाश सोनवणे', father_husband_name: 'अनिल सोनवणे', relation_type: 'Mother', gender: 'Male', age: 22 });
    expect(chooseHead([namesake, older, child])).toBe(older.id);
  });
});

describe('proposeHouseholds', () => {
  it('should split one house number into families by their names with a head each when tenants live there', () => {
    const father = voter({ full_name: 'शिवाजी रामराव चव्हाण', gender: 'Male', age: 62 });
    const mother = voter({ full_name: 'सुशीला शिवाजी चव्हाण', father_husband_name: 'शिवाजी चव्हाण', relation_type: 'Husband', gender: 'Female', age: 57 });
    const son = voter({ full_name: 'राहुल शिवाजी चव्हाण', father_husband_name: 'शिवाजी चव्हाण', relation_type: 'Father', gender: 'Male', age: 34 });
    const daughterInLaw = voter({ full_name: 'प्रिया संदीप कांबळे', father_husband_name: 'राहुल चव्हाण', relation_type: 'Husband', gender: 'Female', age: 29 });
    const tenant = voter({ full_name: 'सलीम इम्रान पठाण', father_husband_name: 'इम्रान पठाण', relation_type: 'Father', gender: 'Male', age: 38 });
    const tenantWife = voter({ full_name: 'शबाना सलीम पठाण', father_husband_name: 'सलीम पठाण', relation_type: 'Husband', gender: 'Female', age: 33 });

    const households = proposeHouseholds([tenantWife, son, father, tenant, daughterInLaw, mother]);

    expect(households).toEqual([
      { memberIds: [father.id, mother.id, son.id, daughterInLaw.id], headId: father.id },
      { memberIds: [tenant.id, tenantWife.id], headId: tenant.id },
    ]);
  });

  it('should propose a household of one when a voter is related to nobody in the house', () => {
    const alone = voter({ full_name: 'विजय गोरे', gender: 'Male', age: 48 });
    expect(proposeHouseholds([alone])).toEqual([{ memberIds: [alone.id], headId: alone.id }]);
  });

  it('should join two people related only through a third member when the chain links them', () => {
    const grandfather = voter({ full_name: 'भीमराव तायडे', gender: 'Male', age: 82 });
    // Her roll surname is her father's; only her husband's name ties her to the family.
    const wife = voter({ full_name: 'अर्चना खंडारे', father_husband_name: 'महेश तायडे', relation_type: 'Husband', gender: 'Female', age: 45 });
    const husband = voter({ full_name: 'महेश भीमराव तायडे', father_husband_name: 'भीमराव तायडे', relation_type: 'Father', gender: 'Male', age: 50 });
    const households = proposeHouseholds([grandfather, wife, husband]);
    expect(households).toHaveLength(1);
    expect(households[0]!.memberIds).toEqual([grandfather.id, wife.id, husband.id]);
    expect(households[0]!.headId).toBe(grandfather.id);
  });
});

describe('house numbers', () => {
  it('should treat zeros, dashes and NA as no house number when proposing', () => {
    for (const placeholder of ['', '0', '00', '-', 'NA', 'n/a', '०', null]) expect(isPlaceholderHouseNo(placeholder)).toBe(true);
    for (const real of ['1', '10', '12/A', 'घर 3', '१२']) expect(isPlaceholderHouseNo(real)).toBe(false);
  });

  it('should read one house number however spaces and case were typed', () => {
    expect(houseKey('12 / a')).toBe(houseKey('12/A'));
    expect(houseKey('12/A')).not.toBe(houseKey('12/B'));
  });
});
