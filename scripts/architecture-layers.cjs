// The layers of the house, lowest first (docs/architecture.md): a module may import its own layer and the ones
// below it, never one above; in an `ordered` layer a unit may use only the ones listed before it.
// .dependency-cruiser.cjs makes its rules from this list and `npm run graph:architecture` draws it: it is the
// one place the order is written.
const layers = [
  {
    name: 'shared',
    why: 'pure code the browser and the server both run: schemas, route table, formats, translations, the browser API client',
    paths: [
      'lib/i18n/', 'lib/format/', 'lib/crypto/', 'lib/validation/', 'lib/http/', 'lib/im/',
      'lib/routes.ts', 'lib/spoilers.ts', 'lib/search-keyword.ts', 'lib/browser-idle.ts', 'lib/build-info.ts', 'lib/build-version.ts', 'lib/build-compile-hints.ts',
      'lib/realtime/protocol.ts', 'lib/realtime/protocol-constants.ts', 'lib/realtime/match-messages.ts',
      'messages/', 'config/', 'i18n/',
    ],
  },
  {
    name: 'platform',
    why: 'what every domain stands on, in this order: env, log, metrics, brands, database, error counts, the HTTP kit, files, app config, limits, the realtime bus and gateway, sessions, the route handler',
    ordered: [
      'lib/env.ts', 'lib/server/log.ts', 'lib/server/metrics.ts', 'lib/brand/', 'lib/db/', 'lib/server/error-counts.ts',
      'lib/server/http/', 'lib/server/files/', 'lib/server/uploads/', 'lib/server/storage/', 'lib/server/config/', 'lib/server/rate-limit/',
      'lib/realtime/', 'lib/server/session/', 'lib/server/http/handler.ts', 'lib/server/security/', 'lib/server/shutdown.ts',
    ],
  },
  {
    name: 'domains',
    why: 'the business rules, one folder each, in this order',
    ordered: [
      'lib/server/live-state/', 'lib/server/ledger/',
      'lib/server/sms/', 'lib/server/captcha/', 'lib/server/users/', 'lib/server/auth/',
      'lib/server/tickets/',
      'lib/server/matches/', 'lib/server/news/',
      'lib/server/media/', 'lib/server/replays/',
      'lib/server/follows/', 'lib/server/chat/',
      'lib/server/live/', 'lib/server/anchors/',
      'lib/server/rankings/', 'lib/server/recharge/', 'lib/server/gifts/', 'lib/server/mall/', 'lib/server/quizzes/', 'lib/server/checkin/', 'lib/server/lottery/', 'lib/server/games/', 'lib/server/inbox/', 'lib/server/room-managers/', 'lib/server/anchor-stats/', 'lib/server/fan-groups/',
      'lib/server/bookings/',
      'lib/server/content/', 'lib/server/feedback/', 'lib/server/maintenance/',
    ],
  },
  {
    name: 'composition',
    why: 'what puts domains together: page loaders, SEO, jobs, process roles, seeds, ops, health',
    paths: [
      'lib/server/public-pages/', 'lib/server/page-cache/', 'lib/seo/', 'lib/server/jobs/', 'lib/server/roles/',
      'lib/server/seed/', 'lib/server/ops/', 'lib/server/health.ts', 'lib/server/admin/',
    ],
  },
  {
    name: 'ui',
    why: 'what the browser renders, in this order: the shared primitives, the stores, the feature components',
    ordered: ['components/ui/', 'stores/', 'components/'],
  },
  {
    name: 'entry',
    why: 'routes, pages, the server, scripts: nothing imports them',
    paths: ['app/', 'server.ts', 'proxy.ts', 'scripts/', 'bench/', 'instrumentation.ts', 'next.config.ts'],
  },
];

module.exports = { layers };
