/** One of the beat form's file inputs: a labelled drop zone showing the chosen file, its size and a way to clear it. */
import { useId, useRef, useState, type DragEvent } from 'react';
import { FileArchive, FileAudio, Upload, X } from 'lucide-react';
import { beatFileRules, type BeatFileKind } from '@beat/shared';
import { FieldMessages } from '../../../components/ui/field-messages';
import { formatBytes } from '../lib/format';
import './file-field.css';

export interface FileFieldProps {
  kind: BeatFileKind;
  label: string;
  required?: boolean;
  file: File | null;
  /** What the beat has now, when editing ("Current file kept unless you choose another"). */
  current?: string | null;
  /** What the server found in the current file ("320 kbps · 44.1 kHz · stereo · 3:02"). */
  found?: string | null;
  error?: string;
  disabled?: boolean;
  onChange: (file: File | null) => void;
}

export function FileField({ kind, label, required, file, current, found, error, disabled, onChange }: FileFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const rule = beatFileRules[kind];
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const foundId = `${id}-found`;
  const showFound = Boolean(current && found && !file);
  const Icon = kind === 'stems' ? FileArchive : FileAudio;

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onChange(dropped);
  }

  return (
    <div
      className={['file-field', dragging && 'is-dragging', error && 'is-invalid', file && 'has-file'].filter(Boolean).join(' ')}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <label htmlFor={id} className="file-field__label">
        {label}
        {required ? <span className="file-field__req"> (required)</span> : <span className="file-field__opt"> (optional)</span>}
      </label>
      <div className="file-field__zone">
        <Icon className="file-field__icon" aria-hidden="true" />
        <div className="file-field__text">
          {file ? (
            <>
              <span className="file-field__name">{file.name}</span>
              <span className="file-field__meta">{formatBytes(file.size)}</span>
            </>
          ) : (
            <>
              <span className="file-field__name">{current ? 'Current file kept' : 'Choose or drop a file'}</span>
              <span className="file-field__meta" id={hintId}>
                {rule.label} · up to {formatBytes(rule.maxBytes)}
              </span>
            </>
          )}
        </div>
        {file ? (
          <button
            type="button"
            className="file-field__clear"
            aria-label={`Remove ${file.name}`}
            disabled={disabled}
            onClick={() => {
              onChange(null);
              if (input.current) input.current.value = '';
            }}
          >
            <X aria-hidden="true" />
          </button>
        ) : (
          <Upload className="file-field__upload" aria-hidden="true" />
        )}
        <input
          ref={input}
          id={id}
          type="file"
          className="file-field__input"
          accept={rule.accept}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={[!file && hintId, showFound && foundId, error && errorId].filter(Boolean).join(' ') || undefined}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        />
      </div>
      {showFound && (
        <p id={foundId} className="file-field__found">
          {found}
        </p>
      )}
      <FieldMessages error={error} errorId={errorId} />
    </div>
  );
}
