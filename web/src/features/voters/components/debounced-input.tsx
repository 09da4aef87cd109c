import { type InputHTMLAttributes, useEffect, useRef, useState } from 'react';

interface DebouncedInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  value: string;
  onValueChange: (value: string) => void;
  delayMs?: number;
}

// Typing updates the field at once and the URL (and so the query) after a pause, so a search
// costs one request per word rather than one per key.
export function DebouncedInput({ value, onValueChange, delayMs = 350, ...props }: DebouncedInputProps) {
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  const callback = useRef(onValueChange);
  useEffect(() => {
    callback.current = onValueChange;
  }, [onValueChange]);

  // Follow outside changes (Clear all filters, back button).
  if (value !== lastValue) {
    setLastValue(value);
    setText(value);
  }

  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => callback.current(text.trim() === '' ? '' : text), delayMs);
    return () => clearTimeout(timer);
  }, [text, value, delayMs]);

  return <input {...props} value={text} onChange={(event) => setText(event.target.value)} />;
}
