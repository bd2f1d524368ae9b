// The bus channel of news that changed ({id} from the console's editor) or whose scheduled time came ({ids} from the
// news-schedule job): every web process purges its cached news (lib/server/public-pages/freshness.ts).
export const newsChangedChannel = 'content:news';
