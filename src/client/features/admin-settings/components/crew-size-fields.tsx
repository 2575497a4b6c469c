import { BoundSelect, type BoundField } from '../../../components/admin/fields';

/**
 * One select per crew, 1 or 2 people; `count` follows the crews box as it is typed in (a crew
 * added is a crew of two until the owner says otherwise, as the server does).
 */
export function CrewSizeFields({ count, bind }: { count: number; bind: (name: `crewSizes.${number}`) => BoundField }) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-ink-900">People in each crew</legend>
      <p className="text-sm text-neutral-600">A job with items that need two people goes only to a crew of two.</p>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {Array.from({ length: count }, (_, i) => (
          <BoundSelect key={i} {...bind(`crewSizes.${i}`)} label={`Crew ${i + 1}`}>
            <option value="2">2 people</option>
            <option value="1">1 person</option>
          </BoundSelect>
        ))}
      </div>
    </fieldset>
  );
}
