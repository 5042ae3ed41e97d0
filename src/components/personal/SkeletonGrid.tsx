import { PERSONAL_SKELETONS } from '../../lib/personal/client/constants.ts';

/** The loading state of personal grids: 20 card skeletons (spec section 9). */
export default function SkeletonGrid({ label }: { label: string }) {
  return (
    <ul className="title-grid" aria-busy="true" aria-label={`Loading ${label}`}>
      {Array.from({ length: PERSONAL_SKELETONS }, (_, i) => <li key={i} className="skeleton-card" />)}
    </ul>
  );
}
