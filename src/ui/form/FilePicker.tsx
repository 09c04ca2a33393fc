import { useId, useRef, type ReactNode } from 'react';
import { Button } from '../Button';
import { cx } from '../cx';
import { FileIcon } from '../icons';

export interface FilePickerProps {
  /** The button text ('Choose File'). */
  buttonLabel: string;
  /** The input's accept list ('.xlsx,.xls,.csv'). */
  accept: string;
  file: File | null;
  /** How the chosen file's size is shown ('12.3 KB'). */
  formatSize: (bytes: number) => string;
  /** Shown while no file is chosen. */
  placeholder: string;
  onSelect: (file: File | null) => void;
  error?: string | null;
  disabled?: boolean;
  icon?: ReactNode;
  className?: string;
}

/**
 * A file chooser: a button that opens the platform's picker (the input stays in the DOM,
 * visually hidden, so tests and assistive technology can use it), the chosen name and size,
 * and an error line. Choosing the same file again still reports it.
 */
export function FilePicker({ buttonLabel, accept, file, formatSize, placeholder, onSelect, error, disabled, icon, className }: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <div className={cx('kg-file', error && 'kg-file--error', className)}>
      <div className="kg-file__row">
        <input
          ref={input}
          id={id}
          type="file"
          className="kg-visually-hidden"
          accept={accept}
          disabled={disabled}
          aria-label={buttonLabel}
          aria-describedby={error ? `${id}-error` : undefined}
          tabIndex={-1}
          onChange={(e) => {
            onSelect(e.currentTarget.files?.[0] ?? null);
            e.currentTarget.value = '';
          }}
        />
        <Button variant="outlined" startIcon={icon ?? <FileIcon />} disabled={disabled} onClick={() => input.current?.click()}>
          {buttonLabel}
        </Button>
        <span className={cx('kg-file__name', !file && 'kg-file__name--empty')}>
          {file ? (
            <>
              <strong>{file.name}</strong> <span className="kg-file__size">({formatSize(file.size)})</span>
            </>
          ) : (
            placeholder
          )}
        </span>
      </div>
      {error && (
        <div id={`${id}-error`} role="alert" className="kg-file__error">
          {error}
        </div>
      )}
    </div>
  );
}

/** Sizes as the spec's dialogs show them: KB for node uploads, MB for SNOMED imports. */
export const formatKb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
export const formatMb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
