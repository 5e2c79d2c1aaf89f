/**
 * A block is a named region only when it shows its own title: an unnamed or duplicated region
 * would add noise to the landmarks list (a titled section around it already names the area).
 */
export function regionProps(
  title: string | undefined,
  headingId: string,
): { role?: 'region'; 'aria-labelledby'?: string } {
  return title ? { role: 'region', 'aria-labelledby': headingId } : {};
}
