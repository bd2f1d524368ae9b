// The password every demo account gets in tests and e2e runs (DEMO_PASSWORD; a real install makes random ones).
export const demoPassword = 'Kickoff2026';
