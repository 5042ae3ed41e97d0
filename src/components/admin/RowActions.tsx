/** The actions cell of an editable admin row: Save and Cancel while editing, otherwise Edit, any extra actions, Delete. */
import type { ReactNode } from 'react';

interface Props {
  editing: boolean;
  saving: boolean;
  onSave(): void;
  onCancel(): void;
  onEdit(): void;
  onDelete(): void;
  /** Shown between Edit and Delete (e.g. a TV row's Episodes). */
  extra?: ReactNode;
}

export default function RowActions({ editing, saving, onSave, onCancel, onEdit, onDelete, extra }: Props) {
  return (
    <td className="admin-actions">
      {editing ? (
        <>
          <button type="button" className="btn btn-primary" onClick={onSave} disabled={saving}>Save</button>
          <button type="button" className="btn" onClick={onCancel} disabled={saving}>Cancel</button>
        </>
      ) : (
        <>
          <button type="button" className="btn" onClick={onEdit}>Edit</button>
          {extra}
          <button type="button" className="btn btn-danger" onClick={onDelete}>Delete</button>
        </>
      )}
    </td>
  );
}
