/** The down arrow of the select and combo box triggers. */
export function Chevron() {
  return (
    <svg className="field-chevron" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
