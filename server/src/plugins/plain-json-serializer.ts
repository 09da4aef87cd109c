// Answers written with JSON.stringify alone, for routes whose answer is built field by field by
// a typed mapping (toVoterDto: only the declared fields, no row is sent as it is). Every other
// route's answer is encoded through its zod response schema (app.ts), which drops fields the
// schema does not declare (a password hash) and refuses a wrong shape; for the voter list that
// check was a fifth of the request's CPU beyond its SQL (issue 58, decision 073), and the
// route's tests hold its answer to the schema instead (voters-list.test.ts).
export const plainJsonSerializer = () => (data: unknown) => JSON.stringify(data);
