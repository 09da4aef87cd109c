import { inputClassName } from './form-field';

interface SearchInputProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  // The accessible name: a search box has no visible label.
  label: string;
  className?: string;
}

export function SearchInput({ value, onChange, placeholder, label, className }: SearchInputProps) {
  return (
    <input
      type="search"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={placeholder}
      aria-label={label}
      className={className ? `${inputClassName} ${className}` : inputClassName}
    />
  );
}
