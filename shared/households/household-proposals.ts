import { namesPerson, surnameKey } from '../voters/name-match';

// The product's household proposals (issue 20): the voters of one booth who share a house
// number are split into households by their names, and each household gets a proposed head.
// Pure functions over one house's voters; the server reads a booth's voters grouped by house
// number and calls proposeHouseholds once per house.

export interface ProposalVoter {
  id: number;
  full_name: string;
  father_husband_name: string | null;
  relation_type: string | null;
  gender: string | null;
  age: number | null;
  head_of_house: number | null;
}

// Two voters of one house belong together when their names say they are family: a shared
// surname, or the father's/husband's name of one naming the other.
export function related(a: ProposalVoter, b: ProposalVoter): boolean {
  const surnameA = surnameKey(a.full_name);
  const surnameB = surnameKey(b.full_name);
  if (surnameA !== undefined && surnameA === surnameB) return true;
  return namesPerson(a.father_husband_name, b.full_name, surnameA) || namesPerson(b.father_husband_name, a.full_name, surnameB);
}

// Older first; an unknown age last; then the lower id, so the choice never depends on order.
const byAge = (a: ProposalVoter, b: ProposalVoter) => (b.age ?? -1) - (a.age ?? -1) || a.id - b.id;
// The form's "Head of House" 1 is the head; 2 to 5 rank the others.
const MARKED_HEAD = 1;

// The proposed head of a household:
// 1. the member the form marks as head (Head of House 1), the oldest if several are;
// 2. else the oldest man another member names as father or husband;
// 3. else the oldest man;
// 4. else the oldest member.
export function chooseHead(members: readonly ProposalVoter[]): number | null {
  if (members.length === 0) return null;
  const oldest = (candidates: ProposalVoter[]) => [...candidates].sort(byAge)[0];
  const marked = oldest(members.filter((member) => member.head_of_house === MARKED_HEAD));
  if (marked) return marked.id;
  const men = members.filter((member) => member.gender === 'Male');
  const namedElder = oldest(
    men.filter((man) =>
      members.some(
        (other) =>
          other.id !== man.id &&
          (other.relation_type === null || other.relation_type === 'Father' || other.relation_type === 'Husband') &&
          namesPerson(other.father_husband_name, man.full_name, surnameKey(other.full_name)),
      ),
    ),
  );
  if (namedElder) return namedElder.id;
  return (oldest(men) ?? oldest([...members]))!.id;
}

// A house number that numbers no house: empty, zeros or dashes ("0", "-", "NA" on many rolls).
// Voters under one are not proposed a household (a booth's unnumbered houses are not one family);
// the office can still move them into one.
export function isPlaceholderHouseNo(houseNo: string | null | undefined): boolean {
  const text = (houseNo ?? '').trim().toLowerCase();
  return !/[1-9\u0967-\u096F\u0AE7-\u0AEF\p{L}]/u.test(text) || ['na', 'n/a', 'nil', 'none'].includes(text);
}

// One house number however it was typed: "12 / a" and "12/A" are one house.
export function houseKey(houseNo: string): string {
  return houseNo.normalize('NFC').replace(/\s+/g, '').toUpperCase();
}

export interface ProposedHousehold {
  memberIds: number[];
  headId: number;
}

// One house's voters as households: the groups of voters linked by related() (a voter related to
// a member joins the whole household), each with its head. A voter related to nobody is a
// household alone. Households come in the order of their first member's id.
export function proposeHouseholds(house: readonly ProposalVoter[]): ProposedHousehold[] {
  const voters = [...house].sort((a, b) => a.id - b.id);
  const parent = voters.map((_, index) => index);
  const root = (index: number): number => {
    let at = index;
    while (parent[at] !== at) at = parent[at] = parent[parent[at]!]!;
    return at;
  };
  for (let i = 0; i < voters.length; i += 1) {
    for (let j = i + 1; j < voters.length; j += 1) {
      if (root(i) !== root(j) && related(voters[i]!, voters[j]!)) parent[Math.max(root(i), root(j))] = Math.min(root(i), root(j));
    }
  }
  const groups = new Map<number, ProposalVoter[]>();
  voters.forEach((voter, index) => {
    const key = root(index);
    groups.set(key, [...(groups.get(key) ?? []), voter]);
  });
  return [...groups.values()].map((members) => ({ memberIds: members.map((member) => member.id), headId: chooseHead(members)! }));
}
