import { keysNamePerson, nameWordKeys } from '../voters/name-match';

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

// A voter's names split into word keys once: a house's members are compared pair by pair.
interface NamedVoter {
  voter: ProposalVoter;
  name: string[];
  surname: string | undefined;
  relative: string[];
}

function named(voter: ProposalVoter): NamedVoter {
  const name = nameWordKeys(voter.full_name);
  return { voter, name, surname: name.length >= 2 ? name[name.length - 1] : undefined, relative: nameWordKeys(voter.father_husband_name) };
}

// Two voters of one house belong together when their names say they are family: a shared
// surname, or the father's/husband's name of one naming the other.
function namedRelated(a: NamedVoter, b: NamedVoter): boolean {
  if (a.surname !== undefined && a.surname === b.surname) return true;
  return keysNamePerson(a.relative, b.name, a.surname) || keysNamePerson(b.relative, a.name, b.surname);
}

export function related(a: ProposalVoter, b: ProposalVoter): boolean {
  return namedRelated(named(a), named(b));
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
  return chooseNamedHead(members.map(named));
}

function chooseNamedHead(members: readonly NamedVoter[]): number | null {
  if (members.length === 0) return null;
  const oldest = (candidates: NamedVoter[]) => [...candidates].sort((a, b) => byAge(a.voter, b.voter))[0];
  const marked = oldest(members.filter((member) => member.voter.head_of_house === MARKED_HEAD));
  if (marked) return marked.voter.id;
  const men = members.filter((member) => member.voter.gender === 'Male');
  const namedElder = oldest(
    men.filter((man) =>
      members.some(
        (other) =>
          other.voter.id !== man.voter.id &&
          (other.voter.relation_type === null || other.voter.relation_type === 'Father' || other.voter.relation_type === 'Husband') &&
          keysNamePerson(other.relative, man.name, other.surname),
      ),
    ),
  );
  if (namedElder) return namedElder.voter.id;
  return (oldest(men) ?? oldest([...members]))!.voter.id;
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

// Two house numbers that name one house: the same but for spaces or letter case ("Plot 3 D" and
// "plot 3D", one typed or read again otherwise). No number at all is a house of its own.
export function sameHouse(a: string | null | undefined, b: string | null | undefined): boolean {
  return houseKey(a ?? '') === houseKey(b ?? '');
}

export interface ProposedHousehold {
  memberIds: number[];
  headId: number;
}

// One house's voters as households: the groups of voters linked by related() (a voter related to
// a member joins the whole household), each with its head. A voter related to nobody is a
// household alone. Households come in the order of their first member's id.
export function proposeHouseholds(house: readonly ProposalVoter[]): ProposedHousehold[] {
  const voters = [...house].sort((a, b) => a.id - b.id).map(named);
  const parent = voters.map((_, index) => index);
  const root = (index: number): number => {
    let at = index;
    while (parent[at] !== at) at = parent[at] = parent[parent[at]!]!;
    return at;
  };
  for (let i = 0; i < voters.length; i += 1) {
    for (let j = i + 1; j < voters.length; j += 1) {
      if (root(i) !== root(j) && namedRelated(voters[i]!, voters[j]!)) parent[Math.max(root(i), root(j))] = Math.min(root(i), root(j));
    }
  }
  const groups = new Map<number, NamedVoter[]>();
  voters.forEach((voter, index) => {
    const key = root(index);
    groups.set(key, [...(groups.get(key) ?? []), voter]);
  });
  return [...groups.values()].map((members) => ({ memberIds: members.map((member) => member.voter.id), headId: chooseNamedHead(members)! }));
}
