const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** '$1,234,567' for a budget or revenue. One formatter for every page: toLocaleString makes one per call. */
export const formatUsd = (value: number): string => usd.format(value);
