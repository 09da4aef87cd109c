import { zodResolver } from '@hookform/resolvers/zod';
import { Camera, ChevronDown, Trash2 } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { type JSX, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type FieldPath, type Resolver, useForm, type UseFormRegisterReturn, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { ListOption } from '@shared/reference/staff-lists';
import type { ReferenceListName } from '@shared/reference/reference-names';
import { subcastesOf, villagesOf } from '@shared/reference/voter-lists';
import { voterFieldList } from '@shared/voters/voter-field-lists';
import { type FlagVoterField, VOTER_FIELDS, VOTER_FORM_SECTIONS, type VoterFieldSpec, type VoterFormSection } from '@shared/voters/voter-fields';
import { PHOTO_MAX_BYTES, PHOTO_TOO_LARGE, RESTRICTED_VOTER_FIELDS, type Voter, type VoterField, type VoterInput, voterInputSchema } from '@shared/voters/voter-schema';
import { Button } from '@web/components/ui/button';
import { type ConflictRow, EditConflictPanel } from '@web/components/ui/edit-conflict-panel';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { Modal } from '@web/components/ui/modal';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { useEditConflict } from '@web/lib/edit-conflicts';
import { waitsInOutbox } from '@web/lib/offline/offline-api';
import { useReferenceNames } from '@web/lib/reference-names';
import { showServerFieldErrors } from '@web/lib/server-field-errors';
import { shrinkPhoto } from '@web/lib/shrink-photo';
import { useCreateVoter } from '../api/create-voter';
import { useVoter } from '../api/get-voter';
import { useVoterPhotoUrl } from '../api/get-voter-photo';
import { useUpdateVoter } from '../api/update-voter';
import { useFormMessage } from '@web/lib/form-message';

// What the form holds, read from the field table: text for every field (as the controls give
// it), flags for the checkboxes.
type FormState = { [K in VoterField]: K extends FlagVoterField ? boolean : string };
type TextField = Exclude<VoterField, FlagVoterField>;

// Kept from one voter to the next with "Save & add another": a Karyakarta walks one street at a time.
const CARRIED_OVER = ['booth', 'taluka', 'village', 'ward_area', 'district'] as const;

function toFormState(voter: Voter | null, defaultBooth: string): FormState {
  const state: Record<string, string | boolean> = {};
  for (const field of VOTER_FIELDS) {
    const value = voter?.[field.name];
    if (field.kind === 'flag') state[field.name] = voter ? value === true : field.default;
    else state[field.name] = value === null || value === undefined ? '' : String(value);
  }
  if (!voter) state.booth = defaultBooth;
  return state as FormState;
}

// A list whose choices depend on another field is shown after it.
const DEPENDS_ON: Partial<Record<VoterField, VoterField>> = { village: 'taluka', sub_caste: 'caste' };

// The open block at the top: the fields a worker fills for nearly every voter, in the table's
// `form.main` order (issue 21). The rest stay in their sections, folded until opened.
const mainPlace = (field: VoterFieldSpec) => field.form?.main;
const MAIN_FIELDS = (VOTER_FIELDS as readonly VoterFieldSpec[]).filter((field) => mainPlace(field) !== undefined).sort((a, b) => (mainPlace(a) ?? 0) - (mainPlace(b) ?? 0));

function sectionFields(section: VoterFormSection): VoterFieldSpec[] {
  const fields = (VOTER_FIELDS as readonly VoterFieldSpec[]).filter((field) => field.section === section && mainPlace(field) === undefined);
  const ordered: VoterFieldSpec[] = [];
  const place = (field: VoterFieldSpec) => {
    if (ordered.includes(field)) return;
    const first = fields.find((other) => other.name === DEPENDS_ON[field.name as VoterField]);
    if (first) place(first);
    ordered.push(field);
  };
  fields.forEach(place);
  return ordered;
}
const SECTIONS = VOTER_FORM_SECTIONS.map((section) => ({ section, fields: sectionFields(section) })).filter(({ fields }) => fields.length > 0);
// Tailwind's sm and up: every section starts open.
const WIDE_SCREEN = '(min-width: 640px)';
// The fields in the order the form shows them: the first with an error gets the focus.
const SHOWN_ORDER = [...MAIN_FIELDS, ...SECTIONS.flatMap(({ fields }) => fields)].map((field) => field.name as VoterField);

const SPAN_CLASS = { full: 'col-span-2', 'full-on-phone': 'col-span-2 sm:col-span-1' } as const;
const FIELD_NAMES = VOTER_FIELDS.map((field) => field.name as VoterField);
// A stored voter as form values, for comparing versions of it.
const storedValues = (voter: Voter) => toFormState(voter, '');

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
      <legend className="mb-3 text-sm font-semibold uppercase tracking-wide text-blue-900">{title}</legend>
      {/* Two columns even on a phone: short fields side by side mean less scrolling per voter. */}
      <div className="grid grid-cols-2 items-end gap-3">{children}</div>
    </fieldset>
  );
}

// A section folded behind its title (issue 21: the form was 3,400 px long on a phone). It opens
// by a tap and, whatever the user chose, while one of its fields holds an error. The fields stay
// mounted when folded, so their values and validation are untouched.
function FoldedSection({ title, open, hasError, onToggle, children }: { title: string; open: boolean; hasError: boolean; onToggle: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const regionId = useId();
  const shown = open || hasError;
  return (
    <div className="border-t border-slate-200">
      <button
        type="button"
        onClick={onToggle}
        aria-expanded={shown}
        aria-controls={regionId}
        className="flex min-h-11 w-full items-center justify-between gap-2 py-2 text-left text-sm font-semibold uppercase tracking-wide text-blue-900"
      >
        <span>
          {title}
          {hasError && <span className="ml-2 normal-case tracking-normal text-red-600">{t('phone.form.sectionHasErrors')}</span>}
        </span>
        <ChevronDown aria-hidden="true" className={`h-5 w-5 shrink-0 transition-transform ${shown ? 'rotate-180' : ''}`} />
      </button>
      <fieldset id={regionId} hidden={!shown} className="pb-4">
        <legend className="sr-only">{title}</legend>
        <div className="grid grid-cols-2 items-end gap-3">{children}</div>
      </fieldset>
    </div>
  );
}

interface ListSelectProps {
  registration: UseFormRegisterReturn;
  options: readonly (ListOption | string)[];
  // The reference list that names the options in the chosen language (none for booths, numbers).
  list?: ReferenceListName;
  disabled?: boolean;
  // Set by FormField so the label names the select.
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

function ListSelect({ registration, options, list, disabled, ...aria }: ListSelectProps) {
  const { t } = useTranslation();
  const names = useReferenceNames();
  const values = options.map((option) => (typeof option === 'string' ? option : option.value));
  const choices = list ? names.options(list, values) : values.map((value) => ({ value, label: value }));
  return (
    <select className={inputClassName} disabled={disabled} {...aria} {...registration}>
      <option value="">{t('voters.form.choose')}</option>
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}

// A section another feature adds to the form of a saved voter, composed by the page.
export interface VoterDetailsSection {
  title: string;
  render: (voter: Voter) => ReactNode;
}

interface VoterFormProps {
  voter: Voter | null;
  booths: readonly string[];
  canEditRestricted: boolean;
  onClose: () => void;
  details?: VoterDetailsSection | readonly VoterDetailsSection[];
}

const schemaResolver = zodResolver(voterInputSchema);

function VoterForm({ voter: opened, booths, canEditRestricted, onClose, details }: VoterFormProps) {
  const { t } = useTranslation();
  const referenceNames = useReferenceNames();
  const formMessage = useFormMessage();
  const queryClient = useQueryClient();
  // The voter the form's edit starts from: the one opened, or the newer one after a conflict.
  const [voter, setVoter] = useState(opened);
  const formElement = useRef<HTMLFormElement>(null);
  const editing = voter !== null;
  const defaultBooth = booths.length === 1 ? (booths[0] ?? '') : '';
  const createVoter = useCreateVoter();
  const updateVoter = useUpdateVoter();
  const [photo, setPhoto] = useState<File | null>(null);
  const [removePhoto, setRemovePhoto] = useState(false);
  const [shrinking, setShrinking] = useState(false);
  // Counts the voters saved with "Save & add another"; each starts the next one (see below).
  const [nextVoter, setNextVoter] = useState(0);
  const formBody = useRef<HTMLDivElement>(null);
  // The folded sections the user opened. On a phone only the main details start open (the photo's
  // too when there is one); a wider screen has room for them all, open.
  const [openSections, setOpenSections] = useState<ReadonlySet<string>>(() =>
    typeof window.matchMedia === 'function' && window.matchMedia(WIDE_SCREEN).matches ? new Set(['photo', ...SECTIONS.map(({ section }) => section)]) : new Set(opened?.voter_image ? ['photo'] : []),
  );
  const toggleSection = (name: string) =>
    setOpenSections((current) => {
      const next = new Set(current);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });
  const photoInput = useRef<HTMLInputElement>(null);

  // Spec section 5: the voter ID never changes once saved, and only Super Admin or Admin change
  // the restricted fields. Those keep their stored values and are not sent at all.
  const locked = useMemo<Partial<FormState>>(() => {
    if (!voter) return {};
    const state = toFormState(voter, '');
    const keys: (keyof FormState)[] = ['voter_id', ...(canEditRestricted ? [] : RESTRICTED_VOTER_FIELDS)];
    return Object.fromEntries(keys.map((key) => [key, state[key]]));
  }, [voter, canEditRestricted]);
  const isLocked = (field: keyof FormState) => field in locked;

  const resolver: Resolver<FormState, unknown, VoterInput> = (values, context, options) => schemaResolver({ ...values, ...locked }, context, options as never);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    getValues,
    setError,
    clearErrors,
    reset,
    setFocus,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<FormState, unknown, VoterInput>({ resolver, defaultValues: toFormState(voter, defaultBooth), shouldFocusError: false });
  const conflict = useEditConflict({ record: voter, setRecord: setVoter, fields: FIELD_NAMES, toValues: storedValues, form: { reset, getValues }, formElement });

  const [fullName, caste, taluka, presentInCity] = useWatch({ control, name: ['full_name', 'caste', 'taluka', 'present_in_city'] });
  const subcastes = subcastesOf(caste);
  const villages = villagesOf(taluka);

  const photoPreview = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => (photoPreview ? URL.revokeObjectURL(photoPreview) : undefined), [photoPreview]);
  const storedPhoto = useVoterPhotoUrl(voter?.id ?? 0, 'full', removePhoto ? null : (voter?.voter_image ?? null));
  const shownPhoto = photoPreview ?? storedPhoto;

  const field = (name: FieldPath<FormState>) => ({ error: errors[name]?.message, label: t(`voters.fields.${name}`) });

  // The first field with an error, in the order shown, gets the focus once a refused save has
  // rendered (and so unfolded the section holding it); the form's own focusing would find it hidden.
  useEffect(() => {
    if (submitCount === 0) return;
    const first = SHOWN_ORDER.find((name) => errors[name]);
    if (first) setFocus(first);
    // Only after a save attempt, not while the user types.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount, setFocus]);
  // The next voter starts at the first field, at the top of the form (issue 21). In an effect, after
  // the re-render: by then the pressed button is disabled, which would otherwise drop the focus.
  useEffect(() => {
    if (nextVoter === 0) return;
    if (photoInput.current) photoInput.current.value = '';
    formBody.current?.scrollTo({ top: 0 });
    setFocus(MAIN_FIELDS[0]?.name as VoterField);
  }, [nextVoter, setFocus]);
  const sectionHasError = (fields: readonly VoterFieldSpec[]) => fields.some((spec) => errors[spec.name as VoterField] !== undefined);

  // Issue 21: a camera photo is made small on the phone before it is sent; one still over the
  // server's limit is refused here, before a long upload ends in the same refusal.
  const choosePhoto = async (file: File | null) => {
    clearErrors('root');
    setRemovePhoto(false);
    if (!file) {
      setPhoto(null);
      return;
    }
    setShrinking(true);
    try {
      const small = await shrinkPhoto(file);
      if (small.size > PHOTO_MAX_BYTES) {
        setPhoto(null);
        if (photoInput.current) photoInput.current.value = '';
        setError('root', { message: PHOTO_TOO_LARGE });
        return;
      }
      setPhoto(small);
    } finally {
      setShrinking(false);
    }
  };

  const onSubmit = handleSubmit(async (input, event) => {
    // Which button sent the form: "Save & add another" keeps the dialog open for the next voter.
    const addAnother = (event?.nativeEvent as SubmitEvent | undefined)?.submitter?.dataset.action === 'add-another';
    const values: Record<string, unknown> = { ...input };
    for (const key of Object.keys(locked)) delete values[key];
    try {
      if (voter) {
        const saved = await updateVoter.mutateAsync({ id: voter.id, version: voter.version, values, photo, removePhoto });
        // Kept on the phone without a connection: the outbox says so (lib/offline).
        if (!waitsInOutbox(saved)) toast.success(t('voters.updated'));
        onClose();
        return;
      }
      const created = await createVoter.mutateAsync({ values, photo });
      if (!waitsInOutbox(created)) toast.success(t('voters.created'));
      if (!addAnother) {
        onClose();
        return;
      }
      const next = toFormState(null, defaultBooth);
      for (const key of CARRIED_OVER) next[key] = String(input[key] ?? '');
      reset(next);
      setPhoto(null);
      setNextVoter((count) => count + 1);
    } catch (error) {
      if (conflict.caught(error)) {
        // Nothing typed is lost: the form stays as it is and the panel shows what they changed.
        void queryClient.invalidateQueries({ queryKey: ['voters', 'list'] });
      } else showServerFieldErrors(error, setError, Object.keys(toFormState(null, '')));
      toast.error(errorMessage(error, t('voters.saveFailed')));
    }
  });

  // Taking their voter also drops a photo chosen here.
  const loadTheirs = () => {
    conflict.loadTheirs();
    setPhoto(null);
    setRemovePhoto(false);
    if (photoInput.current) photoInput.current.value = '';
  };

  const conflictRows = (): ConflictRow[] => {
    if (!conflict.current || !voter) return [];
    // A list field's values read as their names in the chosen language, like the selects.
    const named = (field: VoterField, value: unknown) => {
      const list = voterFieldList(field);
      return list && typeof value === 'string' ? referenceNames.name(list, value) : value;
    };
    const rows: ConflictRow[] = conflict.changes.map((change) => ({
      key: change.field,
      label: t(`voters.fields.${change.field}`),
      theirs: named(change.field, change.theirs),
      yours: named(change.field, change.yours),
      alsoYours: change.alsoYours,
    }));
    if (conflict.current.voter_image !== voter.voter_image) {
      const yours = photo ? t('editConflict.newPhoto') : removePhoto ? t('editConflict.noPhoto') : t('editConflict.openedPhoto');
      rows.push({ key: 'voter_image', label: t('editConflict.photo'), theirs: conflict.current.voter_image ? t('editConflict.newPhoto') : t('editConflict.noPhoto'), yours, alsoYours: photo !== null || removePhoto });
    }
    return rows;
  };

  const submitDisabled = fullName.trim() === '';

  // Choices and reactions that depend on other fields or on the user; everything else about a
  // field (its control, limits, list, section) comes from the field table.
  const listOptions: Partial<Record<VoterField, readonly (ListOption | string)[]>> = { village: villages, booth: booths, sub_caste: subcastes };
  const clearsOnChange: Partial<Record<VoterField, () => void>> = {
    taluka: () => {
      const village = getValues('village');
      if (village && !villagesOf(getValues('taluka')).includes(village)) setValue('village', '');
    },
    // Spec section 4: a new caste clears the sub-caste.
    caste: () => setValue('sub_caste', ''),
  };

  const renderField = (spec: VoterFieldSpec) => {
    const name = spec.name as VoterField;
    const span = spec.form?.span ? SPAN_CLASS[spec.form.span] : undefined;
    if (spec.kind === 'flag') {
      return (
        <label key={name} className="flex items-center gap-2 self-end py-2 text-sm font-medium text-slate-700">
          <input type="checkbox" className="h-5 w-5 rounded border-slate-300" {...register(name as FlagVoterField)} />
          {t(`voters.fields.${name}`)}
        </label>
      );
    }
    const textName = name as TextField;
    const onChange = clearsOnChange[name];
    const registration = register(textName, onChange ? { onChange } : undefined);
    const options = listOptions[name] ?? (spec.kind === 'list' ? spec.options : spec.kind === 'int' && spec.form?.choices ? spec.form.choices.map(String) : undefined);
    let control: JSX.Element;
    if (options) {
      control = <ListSelect registration={registration} options={options} list={voterFieldList(name)} disabled={isLocked(textName) || (name === 'sub_caste' && options.length === 0)} />;
    } else if (spec.form?.input === 'textarea') {
      control = <textarea className={inputClassName} rows={2} disabled={isLocked(textName)} {...registration} />;
    } else {
      const input = spec.form?.input;
      const attributes: Record<string, string | number | boolean> = {};
      if (input) attributes.type = input;
      if (input === 'number' || input === 'tel') attributes.inputMode = 'numeric';
      if (input === 'tel') attributes.maxLength = 14;
      if (spec.kind === 'int' && input === 'number') Object.assign(attributes, { min: spec.min, max: spec.max });
      if (spec.form?.placeholder) attributes.placeholder = t(`voters.form.placeholders.${spec.form.placeholder}`);
      // Names and numbers are not the browser's to suggest from other sites' forms.
      if (spec.kind === 'voter-id' || (spec.kind === 'text' && (spec.required || name === 'father_husband_name'))) attributes.autoComplete = 'off';
      if (spec.kind === 'voter-id') attributes.autoCapitalize = 'characters';
      // Spec section 4: the present city is asked only of a voter living away.
      const disabled = isLocked(textName) || (name === 'present_city_name' && presentInCity);
      control = <input className={inputClassName} disabled={disabled} {...attributes} {...registration} />;
    }
    const required = spec.kind === 'voter-id' || (spec.kind === 'text' && spec.required === true);
    return (
      <FormField key={name} {...field(textName)} required={required || undefined} className={span}>
        {control}
      </FormField>
    );
  };

  return (
    <form ref={formElement} onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <div ref={formBody} className="flex-1 space-y-5 overflow-y-auto px-5 py-4">
        {conflict.current && <EditConflictPanel rows={conflictRows()} busy={isSubmitting} onReapply={conflict.reapplyMine} onDiscard={loadTheirs} />}
        <Section title={t('phone.form.mainSection')}>{MAIN_FIELDS.map(renderField)}</Section>

        {/* What other features show about a saved voter (issue 20: contacts and support), given the
            voter as the cache holds it now, so a contact recorded here shows at once. */}
        {opened &&
          (details === undefined ? [] : 'render' in details ? [details] : details).map((section) => (
            <Section key={section.title} title={section.title}>
              <div className="col-span-2">{section.render(opened)}</div>
            </Section>
          ))}

        {/* The folded sections, one under the other without the gaps between the open ones. */}
        <div>
          <FoldedSection title={t('voters.form.sections.photo')} open={openSections.has('photo') || photo !== null} hasError={errors.root !== undefined} onToggle={() => toggleSection('photo')}>
            <div className="flex items-center gap-4 col-span-2">
              {shownPhoto ? (
                <img src={shownPhoto} alt={t('voters.photoOf', { name: fullName || '' })} className="h-20 w-20 rounded-full object-cover" />
              ) : (
                <span className="flex h-20 w-20 items-center justify-center rounded-full bg-slate-100 text-slate-400">
                  <Camera aria-hidden="true" className="h-8 w-8" />
                </span>
              )}
              <div>
                <div className="flex flex-wrap gap-2">
                  <label className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
                    <Camera aria-hidden="true" className="h-4 w-4" />
                    {shownPhoto ? t('voters.form.changePhoto') : t('voters.form.choosePhoto')}
                    <input
                      ref={photoInput}
                      type="file"
                      accept="image/jpeg,image/png,image/gif,image/webp"
                      className="sr-only"
                      onChange={(event) => void choosePhoto(event.target.files?.[0] ?? null)}
                    />
                  </label>
                  {shownPhoto && (
                    <Button
                      variant="ghost"
                      onClick={() => {
                        setPhoto(null);
                        if (photoInput.current) photoInput.current.value = '';
                        if (voter?.voter_image) setRemovePhoto(true);
                      }}
                    >
                      <Trash2 aria-hidden="true" className="h-4 w-4" />
                      {t('voters.form.removePhoto')}
                    </Button>
                  )}
                </div>
                <p className="mt-1 text-xs text-slate-500">{shrinking ? t('phone.photo.shrinking') : t('voters.form.photoHint')}</p>
                {errors.root?.message && (
                  <p className="text-sm text-red-600" role="alert">
                    {formMessage(errors.root.message)}
                  </p>
                )}
              </div>
            </div>
          </FoldedSection>

          {SECTIONS.map(({ section, fields }) => (
            <FoldedSection key={section} title={t(`voters.form.sections.${section}`)} open={openSections.has(section)} hasError={sectionHasError(fields)} onToggle={() => toggleSection(section)}>
              {fields.map(renderField)}
              {section === 'address' && editing && !canEditRestricted && <p className="text-xs text-slate-500 col-span-2">{t('voters.form.restrictedNote')}</p>}
            </FoldedSection>
          ))}
        </div>
      </div>
      <div className="flex justify-end gap-2 border-t border-slate-200 px-4 py-3 sm:px-5">
        {/* On a phone the header's close button cancels; the footer keeps the two ways to save. */}
        <div className="hidden sm:block">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
        </div>
        {!editing && (
          <Button type="submit" variant="secondary" className="flex-1 whitespace-nowrap px-3 sm:flex-none sm:px-4" disabled={submitDisabled || isSubmitting || shrinking} data-action="add-another">
            {t('voters.form.saveAndAddAnother')}
          </Button>
        )}
        <Button type="submit" className="flex-1 whitespace-nowrap px-3 sm:flex-none sm:px-4" disabled={submitDisabled || shrinking} busy={isSubmitting}>
          {isSubmitting ? t('voters.form.saving') : editing ? t('voters.form.save') : t('voters.form.create')}
        </Button>
      </div>
    </form>
  );
}

interface VoterFormDialogProps {
  // null: add a voter; a number: edit that voter (fetched fresh, spec section 8).
  voterId: number | null;
  booths: readonly string[];
  canEditRestricted: boolean;
  onClose: () => void;
  details?: VoterDetailsSection | readonly VoterDetailsSection[];
}

export function VoterFormDialog({ voterId, booths, canEditRestricted, onClose, details: extraSection }: VoterFormDialogProps) {
  const { t } = useTranslation();
  const details = useVoter(voterId);
  const failed = voterId !== null && details.isError;
  useEffect(() => {
    if (!failed) return;
    toast.error(errorMessage(details.error, t('voters.detailsFailed')));
    onClose();
  }, [failed, details.error, onClose, t]);

  const title = voterId === null ? t('voters.form.addTitle') : t('voters.form.editTitle');
  return (
    <Modal open title={title} onClose={onClose} size="xl" bodyClassName="flex min-h-0 flex-1 flex-col">
      {voterId !== null && !details.data ? (
        <div className="flex justify-center p-10 text-blue-900" role="status">
          <Spinner className="h-8 w-8" />
          <span className="sr-only">{t('app.loading')}</span>
        </div>
      ) : (
        <VoterForm key={details.data?.id ?? 'new'} voter={details.data ?? null} booths={booths} canEditRestricted={canEditRestricted} onClose={onClose} details={extraSection} />
      )}
    </Modal>
  );
}
