/** Small inline icons of the quote flow: decorative, so hidden from assistive technology. */
type IconProps = { className?: string };

const base = {
  width: 24,
  height: 24,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round" as const,
  strokeLinejoin: "round" as const,
  "aria-hidden": true,
  focusable: false,
};

export function ArrowLeftIcon({ className }: IconProps) {
  return (
    <svg {...base} className={className}>
      <path d="M19 12H5M12 19l-7-7 7-7" />
    </svg>
  );
}

export function CloseIcon({ className }: IconProps) {
  return (
    <svg {...base} className={className}>
      <path d="M18 6 6 18M6 6l12 12" />
    </svg>
  );
}

export function ShieldIcon({ className }: IconProps) {
  return (
    <svg {...base} className={className}>
      <path d="M12 3 4 6v6c0 5 3.4 8.3 8 9 4.6-.7 8-4 8-9V6l-8-3Z" />
      <path d="m9 12 2 2 4-4" />
    </svg>
  );
}

export function CheckIcon({ className }: IconProps) {
  return (
    <svg {...base} className={className} strokeWidth={3}>
      <path d="m5 12 5 5 9-10" />
    </svg>
  );
}

/** One picture per property category code (1, 2, 3, 8). */
export function CategoryIcon({ categoryId, className }: IconProps & { categoryId: number }) {
  switch (categoryId) {
    case 2: // Multi Family: a building with rows of windows
      return (
        <svg {...base} className={className}>
          <rect x="4" y="3" width="16" height="18" rx="1" />
          <path d="M8 7h2M14 7h2M8 11h2M14 11h2M8 15h2M14 15h2M11 21v-3h2v3" />
        </svg>
      );
    case 3: // Association: several homes together
      return (
        <svg {...base} className={className}>
          <path d="M2 12 7 8l5 4M4 11v8h6v-8" />
          <path d="M12 12l5-4 5 4M14 11v8h6v-8" />
          <path d="M10 19h4" />
        </svg>
      );
    case 8: // Commercial: a storefront
      return (
        <svg {...base} className={className}>
          <path d="M3 9 5 4h14l2 5M3 9h18M3 9a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0" />
          <path d="M5 12v9h14v-9M10 21v-5h4v5" />
        </svg>
      );
    default: // Single Family: a house
      return (
        <svg {...base} className={className}>
          <path d="M3 11 12 4l9 7" />
          <path d="M5 10v10h14V10M10 20v-6h4v6" />
        </svg>
      );
  }
}
