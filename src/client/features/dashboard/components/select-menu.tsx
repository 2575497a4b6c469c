import { Select } from 'radix-ui';
import { Check, ChevronDown, Loader2 } from 'lucide-react';

interface SelectMenuProps {
  value: string;
  onValueChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  /** The id of the text that names the menu. */
  labelledBy: string;
  triggerClassName: string;
  placeholder?: string;
  disabled?: boolean;
  /** A spinner in place of the chevron while the options load. */
  isLoading?: boolean;
}

/** A Radix select in the dashboard's style: a list of options under its trigger, the chosen one ticked. */
export function SelectMenu({ value, onValueChange, options, labelledBy, triggerClassName, placeholder, disabled, isLoading = false }: SelectMenuProps) {
  return (
    <Select.Root value={value} onValueChange={onValueChange} disabled={disabled}>
      <Select.Trigger aria-labelledby={labelledBy} className={triggerClassName}>
        <Select.Value placeholder={placeholder} />
        <Select.Icon>
          {isLoading ? <Loader2 className="h-4 w-4 animate-spin text-neutral-600" aria-hidden="true" /> : <ChevronDown className="h-4 w-4 text-neutral-600" aria-hidden="true" />}
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        {/* At most 18rem tall: a day's open hours scroll; the status filter's six never reach it. */}
        <Select.Content position="popper" sideOffset={4} className="z-50 max-h-72 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-neutral-200 bg-white shadow-lg">
          <Select.Viewport className="p-1">
            {options.map((option) => (
              <Select.Item
                key={option.value}
                value={option.value}
                className="relative flex cursor-pointer select-none items-center rounded px-8 py-2 text-sm text-neutral-900 outline-none data-[highlighted]:bg-gold-50 data-[state=checked]:font-semibold"
              >
                <Select.ItemIndicator className="absolute left-2">
                  <Check className="h-4 w-4 text-gold-600" aria-hidden="true" />
                </Select.ItemIndicator>
                <Select.ItemText>{option.label}</Select.ItemText>
              </Select.Item>
            ))}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
}
