import 'server-only';
// National teams' flags: the FIFA code a team carries (teams.code) to the flag-icons file of that country or home
// nation, square, served from our own origin at /flags/<file>.svg (app/flags). Clubs have no flag: their crest is
// drawn from their colours (components/teams/team-crest.tsx).

/** FIFA member codes → ISO 3166-1 alpha-2 (lower case), or flag-icons' names for the four home nations. */
const isoByFifaCode: Readonly<Record<string, string>> = {
  AFG: 'af', ALB: 'al', ALG: 'dz', ASA: 'as', AND: 'ad', ANG: 'ao', AIA: 'ai', ATG: 'ag', ARG: 'ar', ARM: 'am',
  ARU: 'aw', AUS: 'au', AUT: 'at', AZE: 'az', BAH: 'bs', BHR: 'bh', BAN: 'bd', BRB: 'bb', BLR: 'by', BEL: 'be',
  BLZ: 'bz', BEN: 'bj', BER: 'bm', BHU: 'bt', BOL: 'bo', BIH: 'ba', BOT: 'bw', BRA: 'br', VGB: 'vg', BRU: 'bn',
  BUL: 'bg', BFA: 'bf', BDI: 'bi', CAM: 'kh', CMR: 'cm', CAN: 'ca', CPV: 'cv', CAY: 'ky', CTA: 'cf', CHA: 'td',
  CHI: 'cl', CHN: 'cn', TPE: 'tw', COL: 'co', COM: 'km', CGO: 'cg', COD: 'cd', COK: 'ck', CRC: 'cr', CRO: 'hr',
  CUB: 'cu', CUW: 'cw', CYP: 'cy', CZE: 'cz', DEN: 'dk', DJI: 'dj', DMA: 'dm', DOM: 'do', ECU: 'ec', EGY: 'eg',
  SLV: 'sv', ENG: 'gb-eng', EQG: 'gq', ERI: 'er', EST: 'ee', SWZ: 'sz', ETH: 'et', FRO: 'fo', FIJ: 'fj', FIN: 'fi',
  FRA: 'fr', GAB: 'ga', GAM: 'gm', GEO: 'ge', GER: 'de', GHA: 'gh', GIB: 'gi', GRE: 'gr', GRN: 'gd', GUM: 'gu',
  GUA: 'gt', GUI: 'gn', GNB: 'gw', GUY: 'gy', HAI: 'ht', HON: 'hn', HKG: 'hk', HUN: 'hu', ISL: 'is', IND: 'in',
  IDN: 'id', IRN: 'ir', IRQ: 'iq', ISR: 'il', ITA: 'it', CIV: 'ci', JAM: 'jm', JPN: 'jp', JOR: 'jo', KAZ: 'kz',
  KEN: 'ke', KOR: 'kr', PRK: 'kp', KOS: 'xk', KUW: 'kw', KGZ: 'kg', LAO: 'la', LVA: 'lv', LBN: 'lb', LES: 'ls',
  LBR: 'lr', LBY: 'ly', LIE: 'li', LTU: 'lt', LUX: 'lu', MAC: 'mo', MAD: 'mg', MWI: 'mw', MAS: 'my', MDV: 'mv',
  MLI: 'ml', MLT: 'mt', MTN: 'mr', MRI: 'mu', MEX: 'mx', MDA: 'md', MNG: 'mn', MNE: 'me', MSR: 'ms', MAR: 'ma',
  MOZ: 'mz', MYA: 'mm', NAM: 'na', NEP: 'np', NED: 'nl', NCL: 'nc', NZL: 'nz', NCA: 'ni', NIG: 'ne', NGA: 'ng',
  NIR: 'gb-nir', MKD: 'mk', NOR: 'no', OMA: 'om', PAK: 'pk', PLE: 'ps', PAN: 'pa', PNG: 'pg', PAR: 'py', PER: 'pe',
  PHI: 'ph', POL: 'pl', POR: 'pt', PUR: 'pr', QAT: 'qa', IRL: 'ie', ROU: 'ro', RUS: 'ru', RWA: 'rw', SKN: 'kn',
  LCA: 'lc', VIN: 'vc', SAM: 'ws', SMR: 'sm', STP: 'st', KSA: 'sa', SCO: 'gb-sct', SEN: 'sn', SRB: 'rs', SEY: 'sc',
  SLE: 'sl', SIN: 'sg', SVK: 'sk', SVN: 'si', SOL: 'sb', SOM: 'so', RSA: 'za', SSD: 'ss', ESP: 'es', SRI: 'lk',
  SDN: 'sd', SUR: 'sr', SWE: 'se', SUI: 'ch', SYR: 'sy', TAH: 'pf', TJK: 'tj', TAN: 'tz', THA: 'th', TLS: 'tl',
  TOG: 'tg', TGA: 'to', TRI: 'tt', TUN: 'tn', TUR: 'tr', TKM: 'tm', TCA: 'tc', UGA: 'ug', UKR: 'ua', UAE: 'ae',
  USA: 'us', URU: 'uy', VIR: 'vi', UZB: 'uz', VAN: 'vu', VEN: 've', VIE: 'vn', WAL: 'gb-wls', YEM: 'ye', ZAM: 'zm',
  ZIM: 'zw',
};

const flagFiles = new Set(Object.values(isoByFifaCode));

/** The flag image of a national team, or null (a club, or a code with no flag). */
export function nationFlagUrl(team: { kind: 'national' | 'club'; code: string }): string | null {
  const iso = team.kind === 'national' ? isoByFifaCode[team.code.toUpperCase()] : undefined;
  return iso ? `/flags/${iso}.svg` : null;
}

/** The flag-icons file name for /flags/<name>, or null when it is not one of ours. */
export function flagFileOf(name: string): string | null {
  const match = /^([a-z]{2}(?:-[a-z]{3})?)\.svg$/.exec(name);
  return match && flagFiles.has(match[1]) ? match[1] : null;
}
