import { zodResolver } from '@hookform/resolvers/zod';
import { Camera, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { type FieldPath, type Resolver, useForm, type UseFormRegisterReturn, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { ListOption } from '@shared/reference/staff-lists';
import {
  CASTE_VALUES,
  CATEGORIES,
  DISABILITIES,
  GENDERS,
  HEAD_OF_HOUSE_VALUES,
  OCCUPATION_SUBCATEGORIES,
  OCCUPATIONS,
  POLITICAL_PREFERENCES,
  RELIGIONS,
  subcastesOf,
  TALUKAS,
  villagesOf,
} from '@shared/reference/voter-lists';
import { RESTRICTED_VOTER_FIELDS, type Voter, type VoterField, type VoterInput, voterInputSchema } from '@shared/voters/voter-schema';
import { Button } from '@web/components/ui/button';
import { FormField, inputClassName } from '@web/components/ui/form-field';
import { Modal } from '@web/components/ui/modal';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { showServerFieldErrors } from '@web/lib/server-field-errors';
import { useCreateVoter } from '../api/create-voter';
import { useVoter } from '../api/get-voter';
import { useVoterPhotoUrl } from '../api/get-voter-photo';
import { useUpdateVoter } from '../api/update-voter';

// What the form holds: text for every field (as the controls give it), flags for the two checkboxes.
type FormState = Record<Exclude<VoterField, 'present_in_city' | 'is_dead'>, string> & { present_in_city: boolean; is_dead: boolean };

// Kept from one voter to the next with "Save & add another": a Karyakarta walks one street at a time.
const CARRIED_OVER = ['booth', 'taluka', 'village', 'ward_area', 'district'] as const;

function toFormState(voter: Voter | null, defaultBooth: string): FormState {
  const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  return {
    voter_no: text(voter?.voter_no),
    full_name: text(voter?.full_name),
    voter_id: text(voter?.voter_id),
    age: text(voter?.age),
    gender: text(voter?.gender),
    date_of_birth: text(voter?.date_of_birth),
    father_husband_name: text(voter?.father_husband_name),
    religion: text(voter?.religion),
    disability: text(voter?.disability),
    mobile_number: text(voter?.mobile_number),
    whatsapp_number: text(voter?.whatsapp_number),
    house_no: text(voter?.house_no),
    ward_area: text(voter?.ward_area),
    village: text(voter?.village),
    booth: voter ? text(voter.booth) : defaultBooth,
    district: text(voter?.district),
    taluka: text(voter?.taluka),
    present_in_city: voter ? voter.present_in_city : true,
    present_city_name: text(voter?.present_city_name),
    category: text(voter?.category),
    caste: text(voter?.caste),
    sub_caste: text(voter?.sub_caste),
    political_preference: text(voter?.political_preference),
    party_designation: text(voter?.party_designation),
    head_of_house: text(voter?.head_of_house),
    occupation: text(voter?.occupation),
    occupation_subcategory: text(voter?.occupation_subcategory),
    is_dead: voter ? voter.is_dead : false,
    comment: text(voter?.comment),
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
      <legend className="mb-3 text-sm font-semibold uppercase tracking-wide text-blue-900">{title}</legend>
      {/* Two columns even on a phone: short fields side by side mean less scrolling per voter. */}
      <div className="grid grid-cols-2 items-end gap-3">{children}</div>
    </fieldset>
  );
}

interface ListSelectProps {
  registration: UseFormRegisterReturn;
  options: readonly (ListOption | string)[];
  disabled?: boolean;
  // Set by FormField so the label names the select.
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

function ListSelect({ registration, options, disabled, ...aria }: ListSelectProps) {
  const { t } = useTranslation();
  return (
    <select className={inputClassName} disabled={disabled} {...aria} {...registration}>
      <option value="">{t('voters.form.choose')}</option>
      {options.map((option) => {
        const value = typeof option === 'string' ? option : option.value;
        const label = typeof option === 'string' ? option : option.en === option.mr ? option.en : `${option.en} (${option.mr})`;
        return (
          <option key={value} value={value}>
            {label}
          </option>
        );
      })}
    </select>
  );
}

interface VoterFormProps {
  voter: Voter | null;
  booths: readonly string[];
  canEditRestricted: boolean;
  onClose: () => void;
}

const schemaResolver = zodResolver(voterInputSchema);

function VoterForm({ voter, booths, canEditRestricted, onClose }: VoterFormProps) {
  const { t } = useTranslation();
  const editing = voter !== null;
  const defaultBooth = booths.length === 1 ? (booths[0] ?? '') : '';
  const createVoter = useCreateVoter();
  const updateVoter = useUpdateVoter();
  const [photo, setPhoto] = useState<File | null>(null);
  const [removePhoto, setRemovePhoto] = useState(false);
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
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<FormState, unknown, VoterInput>({ resolver, defaultValues: toFormState(voter, defaultBooth) });

  const [fullName, caste, taluka, presentInCity] = useWatch({ control, name: ['full_name', 'caste', 'taluka', 'present_in_city'] });
  const subcastes = subcastesOf(caste);
  const villages = villagesOf(taluka);

  const photoPreview = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => (photoPreview ? URL.revokeObjectURL(photoPreview) : undefined), [photoPreview]);
  const storedPhoto = useVoterPhotoUrl(voter?.id ?? 0, 'full', removePhoto ? null : (voter?.voter_image ?? null));
  const shownPhoto = photoPreview ?? storedPhoto;

  const field = (name: FieldPath<FormState>) => ({ error: errors[name]?.message, label: t(`voters.fields.${name}`) });

  const onSubmit = handleSubmit(async (input, event) => {
    // Which button sent the form: "Save & add another" keeps the dialog open for the next voter.
    const addAnother = (event?.nativeEvent as SubmitEvent | undefined)?.submitter?.dataset.action === 'add-another';
    const values: Record<string, unknown> = { ...input };
    for (const key of Object.keys(locked)) delete values[key];
    try {
      if (voter) {
        await updateVoter.mutateAsync({ id: voter.id, values, photo, removePhoto });
        toast.success(t('voters.updated'));
        onClose();
        return;
      }
      await createVoter.mutateAsync({ values, photo });
      toast.success(t('voters.created'));
      if (!addAnother) {
        onClose();
        return;
      }
      const next = toFormState(null, defaultBooth);
      for (const key of CARRIED_OVER) next[key] = String(input[key] ?? '');
      reset(next);
      setPhoto(null);
      setFocus('full_name');
    } catch (error) {
      showServerFieldErrors(error, setError, Object.keys(toFormState(null, '')));
      toast.error(errorMessage(error, t('voters.saveFailed')));
    }
  });

  const text = (name: Exclude<keyof FormState, 'present_in_city' | 'is_dead'>, extra: Record<string, string | number> = {}) => (
    <input className={inputClassName} disabled={isLocked(name)} {...extra} {...register(name)} />
  );
  const submitDisabled = fullName.trim() === '';

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <div className="flex-1 space-y-5 overflow-y-auto px-5 py-4">
        <Section title={t('voters.form.sections.photo')}>
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
                    onChange={(event) => {
                      setPhoto(event.target.files?.[0] ?? null);
                      setRemovePhoto(false);
                    }}
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
              <p className="mt-1 text-xs text-slate-500">{t('voters.form.photoHint')}</p>
              {errors.root?.message && <p className="text-sm text-red-600">{errors.root.message}</p>}
            </div>
          </div>
        </Section>

        <Section title={t('voters.form.sections.voterNumber')}>
          <FormField {...field('voter_no')} required>
            {text('voter_no', { placeholder: t('voters.form.placeholders.voterNo'), autoComplete: 'off' })}
          </FormField>
          <FormField {...field('voter_id')} required>
            {text('voter_id', { placeholder: t('voters.form.placeholders.voterId'), autoComplete: 'off', autoCapitalize: 'characters' })}
          </FormField>
        </Section>

        <Section title={t('voters.form.sections.personal')}>
          <FormField {...field('full_name')} required className="col-span-2">
            {text('full_name', { autoComplete: 'off' })}
          </FormField>
          <FormField {...field('age')}>{text('age', { type: 'number', inputMode: 'numeric', min: 18, max: 120 })}</FormField>
          <FormField {...field('gender')}>
            <ListSelect registration={register('gender')} options={GENDERS} />
          </FormField>
          <FormField {...field('date_of_birth')}>{text('date_of_birth', { type: 'date' })}</FormField>
          <FormField {...field('father_husband_name')} className="col-span-2 sm:col-span-1">{text('father_husband_name', { autoComplete: 'off' })}</FormField>
          <FormField {...field('religion')}>
            <ListSelect registration={register('religion')} options={RELIGIONS} />
          </FormField>
          <FormField {...field('disability')}>
            <ListSelect registration={register('disability')} options={DISABILITIES} />
          </FormField>
        </Section>

        <Section title={t('voters.form.sections.contact')}>
          <FormField {...field('mobile_number')}>{text('mobile_number', { type: 'tel', inputMode: 'numeric', maxLength: 14, placeholder: t('voters.form.placeholders.mobile') })}</FormField>
          <FormField {...field('whatsapp_number')}>{text('whatsapp_number', { type: 'tel', inputMode: 'numeric', maxLength: 14, placeholder: t('voters.form.placeholders.mobile') })}</FormField>
        </Section>

        <Section title={t('voters.form.sections.address')}>
          <FormField {...field('house_no')}>{text('house_no')}</FormField>
          <FormField {...field('ward_area')}>{text('ward_area')}</FormField>
          <FormField {...field('taluka')}>
            <ListSelect
              disabled={isLocked('taluka')}
              options={TALUKAS}
              registration={register('taluka', {
                onChange: (event: { target: { value: string } }) => {
                  const village = getValues('village');
                  if (village && !villagesOf(event.target.value).includes(village)) setValue('village', '');
                },
              })}
            />
          </FormField>
          <FormField {...field('village')}>
            <ListSelect disabled={isLocked('village')} options={villages} registration={register('village')} />
          </FormField>
          <FormField {...field('booth')}>
            <ListSelect disabled={isLocked('booth')} options={booths} registration={register('booth')} />
          </FormField>
          <FormField {...field('district')}>{text('district')}</FormField>
          <label className="flex items-center gap-2 self-end py-2 text-sm font-medium text-slate-700">
            <input type="checkbox" className="h-5 w-5 rounded border-slate-300" {...register('present_in_city')} />
            {t('voters.fields.present_in_city')}
          </label>
          {/* Spec section 4: the present city is asked only of a voter living away. */}
          <FormField {...field('present_city_name')}>
            <input className={inputClassName} disabled={presentInCity} {...register('present_city_name')} />
          </FormField>
          {editing && !canEditRestricted && <p className="text-xs text-slate-500 col-span-2">{t('voters.form.restrictedNote')}</p>}
        </Section>

        <Section title={t('voters.form.sections.political')}>
          <FormField {...field('category')}>
            <ListSelect registration={register('category')} options={CATEGORIES} />
          </FormField>
          <FormField {...field('caste')}>
            {/* Spec section 4: a new caste clears the sub-caste. */}
            <ListSelect registration={register('caste', { onChange: () => setValue('sub_caste', '') })} options={CASTE_VALUES} />
          </FormField>
          <FormField {...field('sub_caste')}>
            <ListSelect registration={register('sub_caste')} options={subcastes} disabled={subcastes.length === 0} />
          </FormField>
          <FormField {...field('political_preference')}>
            <ListSelect registration={register('political_preference')} options={POLITICAL_PREFERENCES} />
          </FormField>
          <FormField {...field('party_designation')} className="col-span-2 sm:col-span-1">{text('party_designation')}</FormField>
        </Section>

        <Section title={t('voters.form.sections.other')}>
          <FormField {...field('head_of_house')}>
            <ListSelect registration={register('head_of_house')} options={HEAD_OF_HOUSE_VALUES.map(String)} />
          </FormField>
          <FormField {...field('occupation')}>
            <ListSelect registration={register('occupation')} options={OCCUPATIONS} />
          </FormField>
          <FormField {...field('occupation_subcategory')}>
            <ListSelect registration={register('occupation_subcategory')} options={OCCUPATION_SUBCATEGORIES} />
          </FormField>
          <label className="flex items-center gap-2 self-end py-2 text-sm font-medium text-slate-700">
            <input type="checkbox" className="h-5 w-5 rounded border-slate-300" {...register('is_dead')} />
            {t('voters.fields.is_dead')}
          </label>
          <FormField {...field('comment')} className="col-span-2">
            <textarea className={inputClassName} rows={2} {...register('comment')} />
          </FormField>
        </Section>
      </div>
      <div className="flex justify-end gap-2 border-t border-slate-200 px-4 py-3 sm:px-5">
        {/* On a phone the header's close button cancels; the footer keeps the two ways to save. */}
        <div className="hidden sm:block">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
        </div>
        {!editing && (
          <Button type="submit" variant="secondary" className="flex-1 whitespace-nowrap px-3 sm:flex-none sm:px-4" disabled={submitDisabled || isSubmitting} data-action="add-another">
            {t('voters.form.saveAndAddAnother')}
          </Button>
        )}
        <Button type="submit" className="flex-1 whitespace-nowrap px-3 sm:flex-none sm:px-4" disabled={submitDisabled} busy={isSubmitting}>
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
}

export function VoterFormDialog({ voterId, booths, canEditRestricted, onClose }: VoterFormDialogProps) {
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
        <VoterForm key={details.data?.id ?? 'new'} voter={details.data ?? null} booths={booths} canEditRestricted={canEditRestricted} onClose={onClose} />
      )}
    </Modal>
  );
}
