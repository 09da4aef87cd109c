// POST and PUT send a multipart form (spec section 7): every field as text, the photo as a
// file. Fields left out of `values` are left unchanged by PUT.
export function toVoterFormData(values: Record<string, unknown>, photo: File | null, removePhoto: boolean): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    data.append(key, value === null ? '' : String(value));
  }
  if (photo) data.append('voter_image', photo);
  if (removePhoto) data.append('remove_image', 'true');
  return data;
}
