// Names (en-US and zh-CN), codes and colours of the teams in the imported competitions.
// The source files name teams in English only, and not always alike ("USA" / "United States").

export type TeamCatalogueEntry = {
  slug: string;
  /** Every spelling the source files use for this team. */
  sourceNames: string[];
  en: string;
  enShort: string;
  zh: string;
  zhShort: string;
  code: string;
  colors: [primary: string, secondary: string];
};

const nation = (
  en: string,
  zh: string,
  code: string,
  colors: [string, string],
  aliases: string[] = [],
): TeamCatalogueEntry => ({
  slug: en.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  sourceNames: [en, ...aliases],
  en,
  enShort: en,
  zh,
  zhShort: zh,
  code,
  colors,
});

export const worldCupNations: TeamCatalogueEntry[] = [
  nation('Qatar', '卡塔尔', 'QAT', ['#8a1538', '#ffffff']),
  nation('Ecuador', '厄瓜多尔', 'ECU', ['#ffd100', '#034ea2']),
  nation('Senegal', '塞内加尔', 'SEN', ['#00853f', '#fdef42']),
  nation('Netherlands', '荷兰', 'NED', ['#f36c21', '#ffffff']),
  nation('England', '英格兰', 'ENG', ['#ffffff', '#ce1124']),
  nation('Iran', '伊朗', 'IRN', ['#ffffff', '#239f40']),
  nation('United States', '美国', 'USA', ['#ffffff', '#0a3161'], ['USA']),
  nation('Wales', '威尔士', 'WAL', ['#c8102e', '#00b140']),
  nation('Argentina', '阿根廷', 'ARG', ['#75aadb', '#ffffff']),
  nation('Saudi Arabia', '沙特阿拉伯', 'KSA', ['#ffffff', '#006c35']),
  nation('Mexico', '墨西哥', 'MEX', ['#006847', '#ce1126']),
  nation('Poland', '波兰', 'POL', ['#ffffff', '#dc143c']),
  nation('France', '法国', 'FRA', ['#002654', '#ed2939']),
  nation('Australia', '澳大利亚', 'AUS', ['#ffcd00', '#00843d']),
  nation('Denmark', '丹麦', 'DEN', ['#c60c30', '#ffffff']),
  nation('Tunisia', '突尼斯', 'TUN', ['#e70013', '#ffffff']),
  nation('Spain', '西班牙', 'ESP', ['#aa151b', '#f1bf00']),
  nation('Costa Rica', '哥斯达黎加', 'CRC', ['#ce1126', '#002b7f']),
  nation('Germany', '德国', 'GER', ['#ffffff', '#000000']),
  nation('Japan', '日本', 'JPN', ['#1f3f8f', '#ffffff']),
  nation('Belgium', '比利时', 'BEL', ['#c8102e', '#fdda24']),
  nation('Canada', '加拿大', 'CAN', ['#d80621', '#ffffff']),
  nation('Morocco', '摩洛哥', 'MAR', ['#c1272d', '#006233']),
  nation('Croatia', '克罗地亚', 'CRO', ['#ff0000', '#ffffff']),
  nation('Brazil', '巴西', 'BRA', ['#fedd00', '#009c3b']),
  nation('Serbia', '塞尔维亚', 'SRB', ['#c6363c', '#0c4076']),
  nation('Switzerland', '瑞士', 'SUI', ['#d52b1e', '#ffffff']),
  nation('Cameroon', '喀麦隆', 'CMR', ['#007a5e', '#ce1126']),
  nation('Portugal', '葡萄牙', 'POR', ['#a50021', '#006600']),
  nation('Ghana', '加纳', 'GHA', ['#006b3f', '#fcd116']),
  nation('Uruguay', '乌拉圭', 'URU', ['#5cbfeb', '#ffffff']),
  nation('South Korea', '韩国', 'KOR', ['#c60c30', '#003478'], ['Korea Republic']),
];

const club = (
  sourceName: string,
  en: string,
  enShort: string,
  zh: string,
  zhShort: string,
  code: string,
  colors: [string, string],
): TeamCatalogueEntry => ({
  slug: en.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '-'),
  sourceNames: [sourceName],
  en,
  enShort,
  zh,
  zhShort,
  code,
  colors,
});

export const premierLeagueClubs: TeamCatalogueEntry[] = [
  club('AFC Bournemouth', 'AFC Bournemouth', 'Bournemouth', '伯恩茅斯', '伯恩茅斯', 'BOU', ['#da291c', '#000000']),
  club('Arsenal FC', 'Arsenal', 'Arsenal', '阿森纳', '阿森纳', 'ARS', ['#ef0107', '#ffffff']),
  club('Aston Villa FC', 'Aston Villa', 'Aston Villa', '阿斯顿维拉', '维拉', 'AVL', ['#670e36', '#95bfe5']),
  club('Brentford FC', 'Brentford', 'Brentford', '布伦特福德', '布伦特福德', 'BRE', ['#e30613', '#ffffff']),
  club('Brighton & Hove Albion FC', 'Brighton & Hove Albion', 'Brighton', '布莱顿', '布莱顿', 'BHA', ['#0057b8', '#ffffff']),
  club('Chelsea FC', 'Chelsea', 'Chelsea', '切尔西', '切尔西', 'CHE', ['#034694', '#ffffff']),
  club('Crystal Palace FC', 'Crystal Palace', 'Crystal Palace', '水晶宫', '水晶宫', 'CRY', ['#1b458f', '#c4122e']),
  club('Everton FC', 'Everton', 'Everton', '埃弗顿', '埃弗顿', 'EVE', ['#003399', '#ffffff']),
  club('Fulham FC', 'Fulham', 'Fulham', '富勒姆', '富勒姆', 'FUL', ['#ffffff', '#000000']),
  club('Ipswich Town FC', 'Ipswich Town', 'Ipswich', '伊普斯维奇', '伊普斯维奇', 'IPS', ['#0044a9', '#ffffff']),
  club('Leicester City FC', 'Leicester City', 'Leicester', '莱斯特城', '莱斯特城', 'LEI', ['#003090', '#fdbe11']),
  club('Liverpool FC', 'Liverpool', 'Liverpool', '利物浦', '利物浦', 'LIV', ['#c8102e', '#00b2a9']),
  club('Manchester City FC', 'Manchester City', 'Man City', '曼彻斯特城', '曼城', 'MCI', ['#6cabdd', '#1c2c5b']),
  club('Manchester United FC', 'Manchester United', 'Man United', '曼彻斯特联', '曼联', 'MUN', ['#da291c', '#fbe122']),
  club('Newcastle United FC', 'Newcastle United', 'Newcastle', '纽卡斯尔联', '纽卡斯尔', 'NEW', ['#241f20', '#ffffff']),
  club('Nottingham Forest FC', 'Nottingham Forest', "Nott'm Forest", '诺丁汉森林', '诺丁汉森林', 'NFO', ['#dd0000', '#ffffff']),
  club('Southampton FC', 'Southampton', 'Southampton', '南安普顿', '南安普顿', 'SOU', ['#d71920', '#ffffff']),
  club('Tottenham Hotspur FC', 'Tottenham Hotspur', 'Tottenham', '托特纳姆热刺', '热刺', 'TOT', ['#132257', '#ffffff']),
  club('West Ham United FC', 'West Ham United', 'West Ham', '西汉姆联', '西汉姆', 'WHU', ['#7a263a', '#1bb1e7']),
  club('Wolverhampton Wanderers FC', 'Wolverhampton Wanderers', 'Wolves', '伍尔弗汉普顿流浪者', '狼队', 'WOL', ['#fdb913', '#231f20']),
];

/** Looks a team up by any spelling the sources use; throws on a name no entry knows (a new file needs a new entry). */
export function catalogueLookup(entries: TeamCatalogueEntry[]): (sourceName: string) => TeamCatalogueEntry {
  const byName = new Map(entries.flatMap((entry) => entry.sourceNames.map((name) => [name.toLowerCase(), entry] as const)));
  return (sourceName) => {
    const entry = byName.get(sourceName.trim().toLowerCase());
    if (!entry) throw new Error(`Unknown team "${sourceName}": add it to lib/server/matches/import/team-catalogue.ts`);
    return entry;
  };
}
