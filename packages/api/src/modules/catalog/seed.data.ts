// The demo store's content: invented Brazilian brands, the category tree and product templates.

export interface SeedBrand {
  slug: string;
  name: string;
  /** Three letters for SKUs. */
  code: string;
  color: string;
  description: string;
  seoDescription: string;
}

export const SEED_BRANDS: SeedBrand[] = [
  {
    slug: 'aurora-textil',
    name: 'Aurora Têxtil',
    code: 'AUR',
    color: '#e76f51',
    description:
      'Básicos atemporais em algodão orgânico cultivado no semiárido mineiro, costurados por cooperativas de Minas Gerais. Peças pensadas para durar muitas estações.',
    seoDescription:
      'Camisetas, calças e moletons em algodão orgânico da Aurora Têxtil. Básicos brasileiros que duram.',
  },
  {
    slug: 'mandacaru-calcados',
    name: 'Mandacaru Calçados',
    code: 'MDC',
    color: '#8b5e34',
    description:
      'Calçados de couro curtido ao vegetal em Franca (SP), com solados costurados à mão. Conforto para o dia inteiro, do sertão à cidade.',
    seoDescription:
      'Tênis, botas e sandálias de couro legítimo feitos em Franca. Conheça a Mandacaru Calçados.',
  },
  {
    slug: 'ipe-amarelo',
    name: 'Ipê Amarelo',
    code: 'IPE',
    color: '#d4a017',
    description:
      'Moda feminina com estampas autorais inspiradas na flora do cerrado. Tecidos leves, cortes fluidos e cores que florescem o ano todo.',
    seoDescription:
      'Vestidos e peças femininas com estampas do cerrado. Coleção Ipê Amarelo com entrega para todo o Brasil.',
  },
  {
    slug: 'mare-alta',
    name: 'Maré Alta',
    code: 'MAR',
    color: '#1d7874',
    description:
      'Moda praia e surfwear nascidos em Florianópolis. Bermudas de secagem rápida, chinelos e sandálias para quem vive perto do mar.',
    seoDescription:
      'Bermudas, sandálias e bonés para praia e surfe. Maré Alta, de Florianópolis para o Brasil.',
  },
  {
    slug: 'jabuticaba-acessorios',
    name: 'Jabuticaba Acessórios',
    code: 'JAB',
    color: '#6a2c70',
    description:
      'Bolsas, óculos e relógios com design paulistano e acabamento artesanal. Acessórios que completam o visual sem pedir licença.',
    seoDescription:
      'Bolsas de couro, óculos de sol e relógios com design brasileiro. Jabuticaba Acessórios.',
  },
  {
    slug: 'cerrado-casa',
    name: 'Cerrado Casa',
    code: 'CER',
    color: '#55803d',
    description:
      'Objetos para a casa feitos por artesãos de Goiás e do Tocantins: cerâmica, capim dourado, linho e algodão cru.',
    seoDescription: 'Decoração, cama, mesa e banho com artesanato do cerrado. Cerrado Casa.',
  },
  {
    slug: 'garoa-urbana',
    name: 'Garoa Urbana',
    code: 'GAR',
    color: '#2f4858',
    description:
      'Streetwear paulistano para dias nublados: moletons pesados, tênis de skate e bonés com bordados da cidade.',
    seoDescription: 'Moletons, tênis e bonés streetwear de São Paulo. Coleção Garoa Urbana.',
  },
];

export interface SeedCategory {
  slug: string;
  name: string;
  children?: SeedCategory[];
}

export const SEED_CATEGORIES: SeedCategory[] = [
  {
    slug: 'roupas',
    name: 'Roupas',
    children: [
      { slug: 'camisetas', name: 'Camisetas' },
      { slug: 'calcas', name: 'Calças' },
      { slug: 'vestidos', name: 'Vestidos' },
      { slug: 'bermudas', name: 'Bermudas' },
      { slug: 'moletons', name: 'Moletons' },
    ],
  },
  {
    slug: 'calcados',
    name: 'Calçados',
    children: [
      { slug: 'tenis', name: 'Tênis' },
      { slug: 'sandalias', name: 'Sandálias' },
      { slug: 'botas', name: 'Botas' },
    ],
  },
  {
    slug: 'acessorios',
    name: 'Acessórios',
    children: [
      { slug: 'bolsas', name: 'Bolsas' },
      { slug: 'oculos', name: 'Óculos' },
      { slug: 'relogios', name: 'Relógios' },
      { slug: 'bones', name: 'Bonés' },
    ],
  },
  {
    slug: 'casa',
    name: 'Casa',
    children: [
      { slug: 'decoracao', name: 'Decoração' },
      { slug: 'cama-e-banho', name: 'Cama e Banho' },
      { slug: 'cozinha', name: 'Cozinha' },
    ],
  },
];

export type SizeScale = 'clothing' | 'shoes' | 'none';
export type Shape =
  | 'tshirt'
  | 'pants'
  | 'dress'
  | 'shorts'
  | 'hoodie'
  | 'sneaker'
  | 'sandal'
  | 'boot'
  | 'bag'
  | 'glasses'
  | 'watch'
  | 'cap'
  | 'vase'
  | 'towel'
  | 'mug';

export interface SeedLine {
  category: string;
  shape: Shape;
  brands: string[];
  sizes: SizeScale;
  /** Shoe sizes available for this line (inclusive), when sizes is 'shoes'. */
  shoeRange?: [number, number];
  colors: string[];
  /** Price in centavos: [min, max]. */
  price: [number, number];
  weightGrams: [number, number];
  /** length × width × height of the shipping package, cm. */
  box: [number, number, number];
  material: string[];
  names: string[];
  pitch: string[];
  care: string;
}

export const SEED_LINES: SeedLine[] = [
  {
    category: 'camisetas',
    shape: 'tshirt',
    brands: ['aurora-textil', 'garoa-urbana', 'mare-alta'],
    sizes: 'clothing',
    colors: ['Branco', 'Preto', 'Azul-marinho', 'Verde-musgo', 'Terracota', 'Mescla'],
    price: [3990, 12990],
    weightGrams: [150, 260],
    box: [30, 25, 3],
    material: ['algodão orgânico', 'malha pima', 'algodão penteado', 'malha flamê'],
    names: [
      'Camiseta Básica Algodão Orgânico',
      'Camiseta Gola V Malha Pima',
      'Camiseta Estampada Tropical',
      'Camiseta Listrada Marinheiro',
      'Camiseta Oversized Lavada',
      'Camiseta Manga Longa Térmica',
      'Regata Canelada Essencial',
      'Camiseta Henley Botões de Coco',
      'Camiseta Dry Fit Corrida',
    ],
    pitch: [
      'Toque macio e caimento que não deforma depois das lavagens.',
      'Costuras reforçadas nos ombros e barra dupla.',
      'Modelagem pensada para o calor brasileiro.',
    ],
    care: 'Lavar do avesso em água fria; não usar alvejante.',
  },
  {
    category: 'calcas',
    shape: 'pants',
    brands: ['aurora-textil', 'garoa-urbana'],
    sizes: 'clothing',
    colors: ['Azul-índigo', 'Preto', 'Cáqui', 'Off-white'],
    price: [11990, 34990],
    weightGrams: [450, 800],
    box: [35, 28, 5],
    material: ['jeans com elastano', 'sarja de algodão', 'linho misto', 'moletinho'],
    names: [
      'Calça Jeans Reta Lavagem Média',
      'Calça Sarja Chino Slim',
      'Calça Pantalona de Linho',
      'Calça Jogger Moletinho',
      'Calça Cargo Ripstop',
      'Calça Jeans Mom Cintura Alta',
      'Calça Alfaiataria Leve',
    ],
    pitch: [
      'Bolsos profundos e cós com acabamento interno.',
      'Tecido com leve elasticidade para o dia a dia.',
      'Barra sem costura aparente, fácil de ajustar.',
    ],
    care: 'Lavar à mão ou em ciclo delicado; secar à sombra.',
  },
  {
    category: 'vestidos',
    shape: 'dress',
    brands: ['ipe-amarelo'],
    sizes: 'clothing',
    colors: ['Amarelo-ipê', 'Verde-cerrado', 'Estampado floral', 'Preto', 'Rosa-antigo'],
    price: [15990, 49990],
    weightGrams: [250, 500],
    box: [35, 28, 4],
    material: ['viscose', 'linho', 'crepe', 'algodão com elastano'],
    names: [
      'Vestido Midi Floral Cerrado',
      'Vestido Longo Alças Finas',
      'Vestido Chemise de Linho',
      'Vestido Envelope Crepe',
      'Vestido Curto Babados',
      'Vestido Tubinho Canelado',
      'Vestido Ciganinha Bordado',
      'Macacão Pantacourt Viscose',
    ],
    pitch: [
      'Estampa exclusiva desenhada no nosso ateliê em Goiânia.',
      'Forro leve que não marca e tecido que respira.',
      'Cintura marcada com amarração ajustável.',
    ],
    care: 'Lavar à mão com sabão neutro; passar em temperatura baixa.',
  },
  {
    category: 'bermudas',
    shape: 'shorts',
    brands: ['mare-alta', 'aurora-textil'],
    sizes: 'clothing',
    colors: ['Azul-petróleo', 'Coral', 'Estampado ondas', 'Cáqui', 'Preto'],
    price: [7990, 19990],
    weightGrams: [180, 380],
    box: [30, 25, 3],
    material: ['tactel de secagem rápida', 'sarja', 'linho', 'poliamida reciclada'],
    names: [
      'Bermuda Boardshort Ondas',
      'Bermuda Sarja Chino',
      'Bermuda Tactel Praia',
      'Bermuda de Linho com Cordão',
      'Short Corrida Leve',
      'Bermuda Cargo Trilha',
    ],
    pitch: [
      'Seca rápido: do mar direto para o almoço.',
      'Cós com elástico embutido e cordão de ajuste.',
      'Bolso traseiro com fechamento em velcro.',
    ],
    care: 'Enxaguar em água doce após o uso no mar.',
  },
  {
    category: 'moletons',
    shape: 'hoodie',
    brands: ['garoa-urbana', 'aurora-textil'],
    sizes: 'clothing',
    colors: ['Cinza-mescla', 'Preto', 'Verde-garrafa', 'Vinho'],
    price: [17990, 39990],
    weightGrams: [550, 900],
    box: [38, 30, 8],
    material: ['moletom flanelado', 'moletom peluciado', 'algodão orgânico'],
    names: [
      'Moletom Canguru com Capuz',
      'Moletom Careca Bordado São Paulo',
      'Jaqueta Moletom Zíper',
      'Moletom Oversized Garoa',
      'Blusão Gola Alta Peluciado',
    ],
    pitch: [
      'Felpa interna macia para as noites frias de junho.',
      'Punhos e barra em ribana firme.',
      'Bordado feito em São Paulo, linha a linha.',
    ],
    care: 'Lavar do avesso; não usar secadora.',
  },
  {
    category: 'tenis',
    shape: 'sneaker',
    brands: ['mandacaru-calcados', 'garoa-urbana'],
    sizes: 'shoes',
    shoeRange: [36, 44],
    colors: ['Branco', 'Preto', 'Caramelo', 'Cinza'],
    price: [19990, 59990],
    weightGrams: [700, 1100],
    box: [33, 22, 13],
    material: ['couro legítimo', 'lona de algodão', 'camurça', 'tecido respirável'],
    names: [
      'Tênis Corrida Leve',
      'Tênis Casual Couro',
      'Tênis Skate Cano Médio',
      'Tênis Lona Clássico',
      'Tênis Caminhada Conforto',
      'Tênis Slip-on Camurça',
      'Tênis Trilha Impermeável',
      'Tênis Plataforma Couro',
    ],
    pitch: [
      'Palmilha anatômica removível e solado de borracha natural.',
      'Leve o bastante para o dia inteiro em pé.',
      'Costura Blake que permite trocar a sola.',
    ],
    care: 'Limpar com pano úmido; não lavar na máquina.',
  },
  {
    category: 'sandalias',
    shape: 'sandal',
    brands: ['mare-alta', 'mandacaru-calcados', 'ipe-amarelo'],
    sizes: 'shoes',
    shoeRange: [34, 40],
    colors: ['Caramelo', 'Preto', 'Nude', 'Dourado'],
    price: [5990, 24990],
    weightGrams: [300, 600],
    box: [30, 18, 10],
    material: ['couro natural', 'borracha reciclada', 'corda trançada', 'camurça'],
    names: [
      'Sandália Rasteira Trançada',
      'Chinelo Slide Borracha',
      'Sandália Papete Aventura',
      'Sandália Salto Bloco Couro',
      'Rasteirinha Tiras Douradas',
      'Sandália Anabela Corda',
    ],
    pitch: [
      'Tiras macias que não machucam desde o primeiro uso.',
      'Solado antiderrapante para pedras e areia molhada.',
      'Feita à mão no Nordeste por artesãs parceiras.',
    ],
    care: 'Evitar exposição prolongada ao sol quando molhada.',
  },
  {
    category: 'botas',
    shape: 'boot',
    brands: ['mandacaru-calcados'],
    sizes: 'shoes',
    shoeRange: [35, 44],
    colors: ['Marrom', 'Preto', 'Conhaque'],
    price: [34990, 89990],
    weightGrams: [1100, 1700],
    box: [36, 26, 14],
    material: ['couro curtido ao vegetal', 'couro nobuck', 'camurça'],
    names: [
      'Bota Chelsea Couro',
      'Bota Coturno Cano Curto',
      'Bota Texana Bordada',
      'Bota Cano Alto Salto Baixo',
      'Botina Trabalho Bico Redondo',
    ],
    pitch: [
      'Couro que ganha personalidade com o tempo.',
      'Elásticos laterais reforçados para calçar sem esforço.',
      'Solado costurado, pronto para muitos anos de estrada.',
    ],
    care: 'Hidratar o couro a cada dois meses.',
  },
  {
    category: 'bolsas',
    shape: 'bag',
    brands: ['jabuticaba-acessorios', 'ipe-amarelo'],
    sizes: 'none',
    colors: ['Caramelo', 'Preto', 'Vinho', 'Off-white', 'Verde-oliva'],
    price: [12990, 79990],
    weightGrams: [400, 1200],
    box: [40, 30, 15],
    material: ['couro legítimo', 'palha natural', 'lona encerada', 'couro vegetal'],
    names: [
      'Bolsa Tiracolo Couro Legítimo',
      'Bolsa Saco de Palha',
      'Mochila Lona Encerada',
      'Bolsa Tote Grande',
      'Clutch Festa Metalizada',
      'Pochete Couro Vegetal',
      'Carteira Feminina Zíper',
    ],
    pitch: [
      'Forro interno com bolso para celular e chaves.',
      'Alça regulável e ferragens que não descascam.',
      'Cabe um notebook de 14 polegadas com folga.',
    ],
    care: 'Guardar no saquinho de algodão que acompanha a peça.',
  },
  {
    category: 'oculos',
    shape: 'glasses',
    brands: ['jabuticaba-acessorios', 'mare-alta'],
    sizes: 'none',
    colors: ['Tartaruga', 'Preto', 'Dourado', 'Transparente'],
    price: [9990, 69990],
    weightGrams: [80, 180],
    box: [18, 8, 6],
    material: ['acetato', 'metal', 'madeira de reflorestamento'],
    names: [
      'Óculos de Sol Redondo Acetato',
      'Óculos de Sol Aviador',
      'Óculos de Sol Gatinho',
      'Óculos Esportivo Polarizado',
      'Óculos de Sol Quadrado Madeira',
    ],
    pitch: [
      'Lentes com proteção UV400 certificada.',
      'Hastes com ajuste fino e plaquetas de silicone.',
      'Acompanha estojo rígido e flanela.',
    ],
    care: 'Limpar apenas com a flanela que acompanha o produto.',
  },
  {
    category: 'relogios',
    shape: 'watch',
    brands: ['jabuticaba-acessorios'],
    sizes: 'none',
    colors: ['Prata', 'Dourado', 'Preto', 'Rosé'],
    price: [19990, 199900],
    weightGrams: [120, 260],
    box: [14, 10, 8],
    material: ['aço inoxidável', 'couro', 'titânio', 'nylon'],
    names: [
      'Relógio Automático Safira',
      'Relógio Analógico Pulseira de Couro',
      'Relógio Minimalista Malha de Aço',
      'Relógio Cronógrafo Esportivo',
      'Relógio Digital Retrô',
    ],
    pitch: [
      'Resistente à água até 50 metros.',
      'Vidro de safira que não risca no dia a dia.',
      'Garantia de dois anos com assistência em São Paulo.',
    ],
    care: 'Evitar contato com perfumes e produtos químicos.',
  },
  {
    category: 'bones',
    shape: 'cap',
    brands: ['garoa-urbana', 'mare-alta'],
    sizes: 'none',
    colors: ['Preto', 'Bege', 'Azul-marinho', 'Verde-musgo'],
    price: [5990, 14990],
    weightGrams: [90, 160],
    box: [25, 20, 12],
    material: ['sarja de algodão', 'veludo cotelê', 'tela respirável'],
    names: [
      'Boné Aba Curva Bordado',
      'Boné Trucker Tela',
      'Boné Dad Hat Sarja',
      'Chapéu Bucket Cotelê',
      'Viseira Esportiva',
    ],
    pitch: [
      'Fecho ajustável em metal para todos os tamanhos.',
      'Aba pré-curvada e forro que absorve o suor.',
      'Bordado em alto relevo feito no Bom Retiro.',
    ],
    care: 'Lavar à mão; não torcer.',
  },
  {
    category: 'decoracao',
    shape: 'vase',
    brands: ['cerrado-casa'],
    sizes: 'none',
    colors: ['Terracota', 'Branco', 'Dourado', 'Verde-sálvia'],
    price: [4990, 39990],
    weightGrams: [400, 2500],
    box: [30, 30, 35],
    material: ['cerâmica artesanal', 'capim dourado', 'madeira de demolição', 'fibra natural'],
    names: [
      'Vaso de Cerâmica Artesanal',
      'Cesto de Capim Dourado',
      'Luminária de Fibra Natural',
      'Bandeja de Madeira de Demolição',
      'Castiçal de Cerâmica Esmaltada',
      'Quadro Bordado Flores do Cerrado',
    ],
    pitch: [
      'Cada peça é única: pequenas variações fazem parte do feitio manual.',
      'Produzida por artesãs do Jalapão.',
      'Acabamento que combina com qualquer ambiente.',
    ],
    care: 'Limpar com pano seco.',
  },
  {
    category: 'cama-e-banho',
    shape: 'towel',
    brands: ['cerrado-casa'],
    sizes: 'none',
    colors: ['Branco', 'Cru', 'Cinza', 'Terracota', 'Verde-sálvia'],
    price: [3990, 69990],
    weightGrams: [300, 3000],
    box: [40, 30, 12],
    material: ['algodão egípcio', 'linho lavado', 'percal 200 fios', 'algodão fio penteado'],
    names: [
      'Jogo de Lençol Percal 200 Fios',
      'Toalha de Banho Algodão Egípcio',
      'Manta de Sofá Tricô',
      'Capa de Almofada Linho',
      'Roupão Felpudo',
      'Jogo de Toalhas Lavabo',
    ],
    pitch: [
      'Toque macio desde a primeira lavagem.',
      'Fios longos que não soltam pelinhos.',
      'Tingimento natural com pigmentos do cerrado.',
    ],
    care: 'Lavar em água morna; não usar amaciante em excesso.',
  },
  {
    category: 'cozinha',
    shape: 'mug',
    brands: ['cerrado-casa'],
    sizes: 'none',
    colors: ['Branco', 'Azul-cobalto', 'Terracota', 'Verde-sálvia'],
    price: [1990, 29990],
    weightGrams: [250, 2200],
    box: [20, 20, 15],
    material: ['cerâmica esmaltada', 'ferro fundido', 'madeira de teca', 'vidro borossilicato'],
    names: [
      'Caneca Esmaltada',
      'Panela de Ferro Fundido',
      'Tábua de Teca para Servir',
      'Jogo de Xícaras de Café',
      'Bule de Vidro Borossilicato',
      'Conjunto de Potes Herméticos',
    ],
    pitch: [
      'Vai do fogão à mesa com elegância.',
      'Pode ir à lava-louças e ao micro-ondas.',
      'Feita em pequenos lotes por ceramistas de Cunha (SP).',
    ],
    care: 'Lavar à mão para preservar o esmalte.',
  },
];

export const CLOTHING_SIZES = ['PP', 'P', 'M', 'G', 'GG'];

/** Fill colours of the illustrations, by the colour names used in variants. */
export const COLOR_HEX: Record<string, string> = {
  Branco: '#f4f1ea',
  Preto: '#1f1f1f',
  'Azul-marinho': '#1f2a44',
  'Verde-musgo': '#5b6b3a',
  Terracota: '#c0603a',
  Mescla: '#9a9a9a',
  'Azul-índigo': '#2e3a6b',
  Cáqui: '#b5a27a',
  'Off-white': '#ece6d6',
  'Amarelo-ipê': '#f2c230',
  'Verde-cerrado': '#6b7d3a',
  'Estampado floral': '#d96c75',
  'Rosa-antigo': '#c99197',
  'Azul-petróleo': '#1f5a66',
  Coral: '#f27b63',
  'Estampado ondas': '#3c8dbc',
  'Cinza-mescla': '#8d8d8d',
  'Verde-garrafa': '#1f4d3a',
  Vinho: '#6b1f2e',
  Caramelo: '#b7793a',
  Cinza: '#7a7f85',
  Nude: '#d9b59a',
  Dourado: '#c9a23a',
  Marrom: '#6b4226',
  Conhaque: '#8a4b2a',
  'Verde-oliva': '#6b6b2a',
  Tartaruga: '#6b4a2a',
  Transparente: '#d8e3e8',
  Prata: '#c0c4c8',
  Rosé: '#d8a39a',
  Bege: '#d8c7a5',
  'Verde-sálvia': '#9caf88',
  Cru: '#e8dcc4',
  'Azul-cobalto': '#1f4fa8',
};

/** Words that make bulk (benchmark) product names differ from each other. */
export const BULK_QUALIFIERS = [
  'Essencial',
  'Clássica',
  'Premium',
  'Conforto',
  'Verão',
  'Inverno',
  'Urbana',
  'Edição Limitada',
  'Praia',
  'Trabalho',
  'Viagem',
  'Festa',
  'Fim de Semana',
  'Artesanal',
  'Sustentável',
  'Leve',
];
