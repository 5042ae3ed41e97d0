/**
 * The listings' "Only on my services" filter: ticking it puts the viewer's services (and their region, when it is
 * not the site's default) in the page URL, `?on=8,337&region=GB`, so that the link shows the same titles to
 * anyone. "My services" beside it picks them (ServicesPicker.tsx). A link shared by someone else shows their
 * services, ticked, until unticked.
 */
import { useState } from 'react';
import { servicesFilterOf, type ServicesFilter } from '../../lib/watch/client/services-filter.ts';
import { loadRegionList, loadWatchChoice, type WatchChoice } from '../../lib/watch/client/watch-choice.ts';
import ServicesPicker from './ServicesPicker.tsx';

/** The checkbox's name: a choice made before the island hydrated is read back by it (pre-hydration.ts). */
export const ONLY_MINE_CONTROL = 'only-mine';

interface Props {
  filter: ServicesFilter | null;
  onChange: (filter: ServicesFilter | null) => void;
}

/** The filter of the viewer's own services, or null when they have none yet. */
export async function myServicesFilter(choice?: WatchChoice): Promise<ServicesFilter | null> {
  const [{ defaultRegion }, mine] = await Promise.all([loadRegionList(), choice ?? loadWatchChoice()]);
  return servicesFilterOf(mine.services, mine.region, defaultRegion);
}

export default function OnlyMyServices({ filter, onChange }: Props) {
  const [pickerOpen, setPickerOpen] = useState(false);
  const [hint, setHint] = useState<string | null>(null);

  const turnOn = async () => {
    const mine = await myServicesFilter();
    if (mine) {
      onChange(mine);
      setHint(null);
    } else {
      setPickerOpen(true);
      setHint('Pick the services you pay for, then save them.');
    }
  };

  const saved = (choice: WatchChoice) => {
    setPickerOpen(false);
    setHint(null);
    void myServicesFilter(choice).then((mine) => { if (filter || mine) onChange(mine); });
  };

  return (
    <div className="only-mine">
      <label>
        <input type="checkbox" name={ONLY_MINE_CONTROL} checked={filter !== null}
          onChange={(event) => (event.target.checked ? void turnOn().catch((error) => console.error('Could not load your services', error)) : onChange(null))} />
        Only on my services
      </label>
      <details open={pickerOpen} onToggle={(event) => setPickerOpen((event.target as HTMLDetailsElement).open)}>
        <summary>My services…</summary>
        {pickerOpen && <ServicesPicker onSaved={saved} />}
      </details>
      {hint && <p className="only-mine-hint" role="status">{hint}</p>}
    </div>
  );
}
