/**
 * The profile's import: pick a Letterboxd or Trakt export, watch it upload (a progress bar), then read the report of
 * what matched, what did not and why. The rules it applies are stated here, as in the README.
 */
import { useState, type FormEvent } from 'react';
import { errorText } from '../../lib/http/api-client.ts';
import { MAX_IMPORT_BYTES, MAX_IMPORT_SIZE_TEXT, RATING_RULE, type ImportReport } from '../../lib/transfer/contract.ts';
import { uploadImport } from '../../lib/transfer/client/upload.ts';
import { showToast } from '../../lib/ui/client/toast.ts';
import ImportReportView from './ImportReportView.tsx';

type Phase = 'idle' | 'uploading' | 'processing';

export default function ImportPanel() {
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setReport(null);
    if (!file) return setError('Choose an export file first.');
    if (file.size > MAX_IMPORT_BYTES) return setError(`The file is larger than ${MAX_IMPORT_SIZE_TEXT}, the most an import takes.`);
    setPhase('uploading');
    setProgress(0);
    try {
      const answer = await uploadImport(file, (fraction) => {
        setProgress(fraction);
        if (fraction >= 1) setPhase('processing');
      });
      setReport(answer);
      showToast(answer.message);
    } catch (failure) {
      const message = errorText(failure, 'The import failed. Please try again.');
      setError(message);
      showToast(message, 'error');
    } finally {
      setPhase('idle');
    }
  };

  return (
    <section className="auth-card profile-wide" aria-labelledby="import-heading">
      <h2 id="import-heading">Import your history</h2>
      <p>Bring your ratings, watchlist and watched titles from Letterboxd (its export ZIP, or its ratings.csv, watchlist.csv, watched.csv or diary.csv) or from Trakt (its JSON export), up to {MAX_IMPORT_SIZE_TEXT}.</p>
      <ul className="profile-rules">
        <li>Ratings become 1 to 5 stars: {RATING_RULE}</li>
        <li>The watchlist goes to your Wishlist; what you watched goes to your history, on the day the file gives.</li>
        <li>Titles match by TMDB id, or else by title and year. A title that several titles here share is not imported: we do not guess.</li>
        <li>Importing the same file again changes nothing.</li>
      </ul>
      <form className="import-form" onSubmit={onSubmit} aria-label="Import your history" noValidate>
        <div className="auth-field">
          <label htmlFor="import-file">Export file</label>
          <input id="import-file" type="file" accept=".zip,.csv,.json" onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)} />
        </div>
        <button className="btn btn-primary" type="submit" disabled={phase !== 'idle'}>{phase === 'idle' ? 'Import' : 'Importing…'}</button>
      </form>
      {phase === 'uploading' && (
        <div className="import-progress">
          <label htmlFor="import-progress">Uploading… {Math.round(progress * 100)} %</label>
          <progress id="import-progress" max={100} value={Math.round(progress * 100)} />
        </div>
      )}
      {phase === 'processing' && (
        <div className="import-progress" role="status">
          <label htmlFor="import-processing">Matching and saving…</label>
          <progress id="import-processing" />
        </div>
      )}
      {error && <p className="form-error" role="alert">{error}</p>}
      {report && <ImportReportView report={report} />}
    </section>
  );
}
