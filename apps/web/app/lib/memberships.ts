/** How a membership package is sold, in words: its period and whether it renews. */
export function packageTerms(p: {
  type: "single" | "recurring" | "trial";
  initialPeriodDays: number;
  recurringPeriodDays: number | null;
}): string {
  const days = (n: number) => {
    if (n === 365) return "a year";
    if (n === 30) return "a month";
    if (n === 7) return "a week";
    if (n % 365 === 0) return `${n / 365} years`;
    if (n % 30 === 0) return `${n / 30} months`;
    if (n % 7 === 0) return `${n / 7} weeks`;
    return n === 1 ? "a day" : `${n} days`;
  };
  if (p.type === "trial") return `Free for ${days(p.initialPeriodDays)}, once`;
  if (p.type === "single") return `For ${days(p.initialPeriodDays)}, paid once`;
  const every = p.recurringPeriodDays ?? p.initialPeriodDays;
  const per = days(every).replace(/^an? /, "");
  if (every === p.initialPeriodDays) return `Every ${per}, until you cancel`;
  const first = days(p.initialPeriodDays);
  return `${first.charAt(0).toUpperCase()}${first.slice(1)}, then every ${per} until you cancel`;
}

/** What the price of a package reads as beside its terms ("/ month" for a monthly renewal). */
export function pricePer(p: { type: string; recurringPeriodDays: number | null }): string {
  if (p.type !== "recurring") return "";
  if (p.recurringPeriodDays === 30) return "/ month";
  if (p.recurringPeriodDays === 365) return "/ year";
  if (p.recurringPeriodDays === 7) return "/ week";
  return `/ ${p.recurringPeriodDays} days`;
}
