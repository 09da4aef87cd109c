import { type RefObject, useEffect, useRef, useState } from 'react';
import { ApiError } from './api-client';

// Record versions (docs/decisions/015-record-versions.md): an edit form sends the version it
// loaded; when someone else saved in between, the server answers 409 with the record as it is
// now. The form then keeps what the user typed, shows each field the other person changed, and
// lets the user put their own changes on top of the new record or take the new record as it is.

// The current record of a 409 answer to an edit, when the answer has one.
export function conflictCurrent<T>(error: unknown): T | undefined {
  return error instanceof ApiError && error.status === 409 && error.current !== undefined ? (error.current as T) : undefined;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? '') === JSON.stringify(b ?? '');

export interface ChangedField<K extends string> {
  field: K;
  // What the other person saved.
  theirs: unknown;
  // What the form holds now (the user's change, or the value it loaded).
  yours: unknown;
  // Whether the user changed this field too.
  alsoYours: boolean;
}

// The fields someone else changed since the form loaded `loaded`.
// Values are the form's (text, flags, lists), so a stored null and an empty input compare equal.
export function fieldsChangedByOthers<V, K extends keyof V & string>(fields: readonly K[], loaded: V, current: V, typed: V): ChangedField<K>[] {
  return fields
    .filter((field) => !same(loaded[field], current[field]))
    .map((field) => ({ field, theirs: current[field], yours: typed[field], alsoYours: !same(loaded[field], typed[field]) }));
}

// The user's own changes (what differs from what the form loaded) put on top of the current record.
export function reapplyOwnChanges<V, K extends keyof V>(fields: readonly K[], loaded: V, current: V, typed: V): V {
  const merged = { ...current };
  for (const field of fields) if (!same(loaded[field], typed[field])) merged[field] = typed[field];
  return merged;
}

// "Save my changes on top of theirs" resets the form to the merged values and the record to
// the newer one; the form is sent once it has rendered with both (its submit handler then
// reads the new version). Returns the function that asks for that.
export function useSubmitAfterRender(form: RefObject<HTMLFormElement | null>): () => void {
  const pending = useRef(false);
  useEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    form.current?.requestSubmit();
  });
  return () => {
    pending.current = true;
  };
}

export interface EditConflict<R, K extends string> {
  // The newer record while the panel is shown, else null.
  current: R | null;
  // For a failed save's error: true when someone else saved first (the panel opens, the form
  // keeps what was typed).
  caught: (error: unknown) => boolean;
  // The fields the other person changed, for the panel.
  changes: ChangedField<K>[];
  // "Save my changes on top of theirs" and "Discard mine and load theirs".
  reapplyMine: () => void;
  loadTheirs: () => void;
}

// One edit form's side of a 409: the form owns the record its edit starts from (`record`, the
// one opened or the newer one after a conflict); this keeps the conflict and its two ways out.
export function useEditConflict<R, V, K extends keyof V & string>(options: {
  record: R | null | undefined;
  setRecord: (record: R) => void;
  fields: readonly K[];
  toValues: (record: R) => V;
  // The form's values type comes from toValues, not from react-hook-form's overloads.
  form: { reset: (values: NoInfer<V>) => void; getValues: () => NoInfer<V> };
  formElement: RefObject<HTMLFormElement | null>;
}): EditConflict<R, K> {
  const { record, setRecord, fields, toValues, form } = options;
  const [conflict, setConflict] = useState<{ current: R; typed: V } | null>(null);
  const submitAfterRender = useSubmitAfterRender(options.formElement);
  const moveTo = (current: R, values: V) => {
    form.reset(values);
    setRecord(current);
    setConflict(null);
  };
  return {
    current: conflict?.current ?? null,
    caught: (error) => {
      const current = record ? conflictCurrent<R>(error) : undefined;
      if (current !== undefined) setConflict({ current, typed: form.getValues() });
      return current !== undefined;
    },
    changes: conflict && record ? fieldsChangedByOthers(fields, toValues(record), toValues(conflict.current), conflict.typed) : [],
    reapplyMine: () => {
      if (!conflict || !record) return;
      moveTo(conflict.current, reapplyOwnChanges(fields, toValues(record), toValues(conflict.current), form.getValues()));
      submitAfterRender();
    },
    loadTheirs: () => {
      if (conflict) moveTo(conflict.current, toValues(conflict.current));
    },
  };
}
