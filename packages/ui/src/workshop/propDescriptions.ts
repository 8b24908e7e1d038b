// The docs pages' props table in Portuguese. Its descriptions come from react-docgen, which reads
// the JSDoc comments of each component's props in code (English, by project rule); the workshop is
// read by designers, so .storybook/preview.tsx runs `portuguesePropDescriptions` after
// react-docgen's enhancer and puts these texts in their place. propDescriptions.test.ts fails when a
// component or screen View with a story file has a documented prop without an entry here, or an
// entry names a prop that no longer carries a description in code.

/** Portuguese descriptions, by component display name (react-docgen's) then prop name. */
export const PROP_DESCRIPTIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  ActionButton: {
    variant:
      'contained, outlined e text como no Button do MUI; icon como um IconButton grande (redondo, de 48 px).',
    color: "'inherit' usa a cor do texto ao redor (outlined: uma borda na cor do divisor).",
    to: 'Um link do roteador para este caminho, em vez de um botão.',
  },
  AuthLayout: {
    footer: 'Abaixo do cartão, por exemplo um link de volta para o login.',
  },
  FormattedText: {
    text: 'O texto da descrição, no seu formato.',
  },
  GlobalLoadingIndicator: {
    active: 'Aparece enquanto for true; caso contrário, não mostra nada.',
    label: 'Lido pelos leitores de tela.',
  },
  PasswordStrength: {
    email: 'O e-mail da conta, quando conhecido, para verificar que a senha não o contém.',
  },
  SubmitButton: {
    sendingLabel: "Mostrado durante o envio, por exemplo 'Entrando…'.",
  },
  VitrineLogo: {
    name: "O nome da loja, vindo de storeSettings; 'Vitrine' por padrão.",
    tone: "'light' sobre superfícies escuras.",
  },
  ConfirmDialog: {
    title: 'Uma pergunta que nomeia o objeto: "Excluir o cupom BEMVINDO10?".',
    text: 'O que acontece e o que não acontece: "Os pedidos já feitos não mudam."',
    confirmLabel: 'O botão da ação: "Excluir", "Aplicar importação".',
    danger: 'Destrói ou interrompe algo: o botão fica vermelho.',
  },
  LeaveDialog: {
    where: 'Onde estão as alterações, como a frase pede: "neste produto", "nas configurações".',
  },
  SavedViewsMenu: {
    activeId: 'O id da visualização que a lista mostra agora, se houver.',
  },
  Timeline: {
    label: 'O nome acessível da lista: "Histórico do pedido".',
    emptyText: 'Mostrado no lugar de uma lista vazia.',
  },
  Breadcrumbs: {
    compactOnPhone:
      'Abaixo de 600 px, deixa de fora a página atual (o último item, nomeado pelo título da página logo abaixo), para que um nome de produto longo não quebre a trilha em uma segunda linha.',
  },
  CartLine: {
    compact: 'Layout mais justo, para a gaveta.',
    disabled: 'Enquanto a sacola está sendo recalculada.',
    priority:
      'A primeira linha da página da sacola: a foto dela é o maior elemento da tela no celular, buscada logo, com prioridade alta (o servidor a pré-carrega), em vez de sob demanda.',
  },
  CheckoutSteps: {
    activeStep: 'Índice da etapa em andamento.',
  },
  CouponField: {
    appliedCode: 'O código que o servidor aplicou.',
    savedCode:
      "O código salvo na sacola. Quando o servidor não o aplicou, ele aparece com o motivo ('error') e 'Remover'.",
    discountCents: 'O desconto dele, vindo do servidor.',
    error: 'Por que o servidor recusou o código (em português).',
    onApply: 'Chamado com um código bem formado, sem espaços nas pontas e em maiúsculas.',
  },
  EmptyState: {
    icon: 'Um ícone decorativo (escondido dos leitores de tela).',
    actions: 'Botões ou links: o que o cliente pode fazer em seguida.',
    headingLevel: 'O nível de título que cabe na estrutura da página.',
  },
  FacetFilters: {
    hideBrands: 'A página da marca já filtra uma marca.',
    hideCategories:
      'A página da categoria já é uma categoria (em vez disso, ela mostra links para as subcategorias).',
    categoryLinks: 'Subcategorias para onde ir (páginas de categoria).',
  },
  InstallmentLine: {
    count: 'Número de parcelas oferecidas. Abaixo de 2, nada aparece.',
    perInstallmentCents: 'O valor de cada parcela, exceto a primeira, em centavos.',
    firstInstallmentCents: 'A primeira parcela, que leva o resto da divisão, em centavos.',
    totalCents: 'O que o cliente paga parcelando, em centavos.',
    interestFree: "'sem juros' só quando for true; caso contrário, a linha mostra o total pago.",
    interestCents: 'O que o plano soma ao preço no cartão, em centavos; 0 quando sem juros.',
    alternative:
      "Um segundo plano ao lado do sem juros: 'ou 12x de R$ 10,34 com juros (total ...)'.",
  },
  OrderLines: {
    'aria-label': "Nomeia a lista quando nenhum título em volta o faz ('Itens do pedido').",
  },
  OrderTimeline: {
    pickup: "Pedidos com 'Retirada' dizem 'Pronto para retirada' em vez de 'Enviado'.",
    paymentStatus:
      'Enquanto o pedido aguarda: um cartão em análise ou recusado é informado como tal.',
  },
  Pagination: {
    shown: 'Produtos na tela.',
    total: 'Produtos que atendem aos filtros.',
    nextHref: 'A URL de mais uma página; null quando tudo já aparece.',
  },
  PixPayment: {
    code: "O BR Code ('copia e cola').",
    qrCodeUrl:
      'O mesmo código como imagem de QR code: o link do servidor (desenhado quando o navegador o carrega, guardado em cache por um ano) ou uma URL data:.',
    expiresAt: 'Data e hora ISO depois da qual o código não é mais aceito.',
    now: 'O relógio (ms); histórias e testes passam um valor fixo.',
  },
  PixPrice: {
    pixPriceCents: 'O valor no Pix, como o servidor calculou.',
    discountPercent: "O desconto da loja no Pix, por exemplo 5 para '5% de desconto'.",
  },
  PriceTag: {
    compareAtPriceCents: "O preço 'de'; aparece só quando for maior que o preço.",
    startingAt: "Prefixo 'a partir de' quando as variantes têm preços diferentes.",
  },
  ProductCard: {
    href: "O caminho da página do produto, por exemplo '/produto/camiseta-basica'.",
    imageLoading: "'eager' para os cartões acima da dobra (a primeira linha).",
    imageSizes: 'O `sizes` da imagem na grade.',
    imagePriority:
      "'high' para a foto que é o maior elemento da página (a primeira linha de uma listagem): buscada antes dos scripts e pré-carregada no início de uma página renderizada pelo servidor.",
    headingLevel:
      'O nível de título do nome na estrutura da página: h2 sob o h1 da página, h3 dentro de uma seção.',
  },
  ProductGallery: {
    index: 'A imagem mostrada (controlada); caso contrário, a galeria guarda a sua própria.',
  },
  QuantityStepper: {
    label: "O que é contado, para os nomes acessíveis: 'Quantidade de Camiseta básica'.",
  },
  RestockAlertForm: {
    error: 'A mensagem do servidor (e-mail inválido, pedidos demais, sem conexão).',
    options:
      "As variantes esgotadas sobre as quais o cliente pode pedir aviso: com mais de uma, um seletor 'Tamanho' (obrigatório); com uma, essa.",
  },
  SearchBox: {
    defaultQuery: 'A busca já feita (na página de resultados).',
    onQueryChange:
      'Chamado quando a digitação pausa, com a busca sem espaços nas pontas (2 caracteres ou mais).',
  },
  SearchField: {
    start: 'Antes do texto (um ícone).',
    end: 'Depois do texto (o botão de enviar).',
    ref: 'O elemento input (a folha de busca do celular dá foco a ele).',
  },
  SearchSheet: {
    onClose: 'Esc, o botão voltar ou um toque fora da folha (a partir de 600 px).',
    defaultQuery: 'A busca já feita (na página de resultados): no campo, selecionada.',
    onQueryChange:
      'Chamado quando a digitação pausa, com a busca sem espaços nas pontas (2 caracteres ou mais).',
    onSubmit: 'As palavras digitadas (Enter, o botão de busca) ou uma busca recente escolhida.',
    recentSearches:
      'As buscas feitas neste aparelho, da mais recente para a mais antiga; aparecem até que 2 caracteres sejam digitados.',
    onClearRecentSearches: '"Limpar": esquece as buscas recentes.',
  },
  ShippingQuoteForm: {
    postalCode: 'O CEP já conhecido (sacola, última visita).',
    selectedMethodId: 'Transforma as opções em um grupo de botões de opção.',
    error: 'A mensagem do servidor (por exemplo, sem entrega para este CEP).',
    title: 'Título mostrado acima do campo.',
    headingLevel: 'O nível do título na estrutura da página.',
  },
  SortSelect: {
    allowRelevance: 'A relevância só existe em uma busca.',
  },
  StockMessage: {
    stock: 'Unidades disponíveis da variante escolhida.',
    lowStockThreshold:
      "A partir deste número de unidades para baixo, a mensagem vira 'Últimas N unidades'.",
    showInStock: "Mostra 'Em estoque' quando há estoque de sobra (desligado: nada aparece).",
  },
  VariantPicker: {
    label: "Por exemplo 'Tamanho', 'Cor'.",
    name: 'Nome do campo no formulário; único para cada seletor por padrão.',
    error:
      "Mostrado abaixo dos chips, por exemplo 'Escolha um tamanho.' depois de uma tentativa falha de adicionar à sacola.",
    soldOutChoosable:
      "As opções indisponíveis podem ser escolhidas (riscadas, lidas como 'esgotado'), por exemplo para pedir um aviso quando voltarem; por padrão ficam desativadas e as setas as pulam.",
  },
  DashboardLoginView: {
    sending:
      'Enquanto a chamada de login está em andamento: o botão fica desativado e mostra um indicador de carregamento.',
    errorMessage: 'A resposta do servidor, em português, mostrada acima do formulário.',
    fieldErrors: 'Mensagens que o servidor deu para cada campo.',
  },
  DashboardShellScreen: {
    children: 'A página; quando omitido, o elemento da rota aninhada (<Outlet />).',
  },
  DashboardShellView: {
    staff: 'O membro da equipe conectado; null enquanto desconhecido.',
    onLogoutEverywhere:
      'Encerra todas as sessões do membro da equipe (com confirmação antes); é rejeitado quando o servidor recusa.',
    currentPath: 'O caminho atual, para marcar a seção atual.',
    navItems: 'As seções; por padrão, as do papel do membro da equipe.',
    pixToConfirm: 'Pedidos aguardando a confirmação de um Pix (o contador de "Pix a conferir").',
    rejectedInvoices:
      'NF-e rejeitadas pela SEFAZ ou por falta de dados (o contador de "Notas fiscais").',
    brands:
      'As marcas às quais o membro da equipe pode restringir a visão; o seletor aparece com duas ou mais.',
    brandId: 'A marca a que as telas estão restritas (?marca=); null para todas.',
    defaultAccountMenuOpen: 'Abre o menu da conta na primeira renderização (histórias).',
    defaultDrawerOpen: 'Abre a gaveta do celular na primeira renderização (histórias).',
  },
  InvoicesView: {
    overview:
      'Se a loja emite NF-e e quantas notas aguardam ou foram rejeitadas; null enquanto desconhecido.',
    resendingInvoiceId: 'A nota que está sendo enviada de novo.',
    resendError: 'A falha do último reenvio, acima da lista.',
    notice: 'O resultado do último reenvio, num aviso temporário.',
  },
  PasswordResetConfirmView: {
    errorMessage: 'Uma falha que não está ligada a um campo (sem conexão, erro do servidor).',
    passwordError:
      'A mensagem do servidor para o campo de senha (por exemplo, uma senha comum demais).',
    invalidTokenMessage: "Por que o link não pode ser usado, para o status 'invalid_token'.",
  },
  PasswordResetRequestView: {
    errorMessage:
      'Só para falhas sobre as quais a pessoa pode agir (sem conexão, falha do servidor, tentativas demais).',
    retryable:
      'Oferece "Tentar novamente" junto com o erro (não no limite de tentativas: esperar é a resposta).',
    sent: 'Depois de qualquer resposta: a mesma confirmação neutra, exista a conta ou não.',
  },
  BrandView: {
    brand:
      'null durante o carregamento, em caso de erro ou quando nenhuma marca tem esse endereço.',
    status:
      "'loading' e 'error' são da própria marca (o destaque dela não aparece sem ela); 'ready' deixa o catálogo falar por si através de `catalogStatus`.",
    catalogStatus: 'O estado próprio da lista de produtos, depois que a marca é conhecida.',
  },
  CartView: {
    layout:
      "'page' em /carrinho, 'drawer' dentro da gaveta do cabeçalho (mais justo, sem o formulário de frete).",
    updating: 'Um preço mais novo está a caminho.',
    stale:
      'O último recálculo falhou: os valores mostrados são os anteriores e a finalização da compra espera.',
    canCheckout: 'Todas as linhas estão disponíveis: o botão de finalizar a compra fica ativo.',
    droppedCount: 'Itens retirados porque não estão mais à venda.',
    removed:
      'Uma linha acabou de ser removida: um aviso oferece "Desfazer" (name: o do produto, quando conhecido).',
    onClear: 'Esvazia a sacola neste aparelho: a saída quando ela não pode ser carregada.',
    onNavigate: 'Chamado quando o cliente segue um link para fora da sacola (a gaveta fecha).',
  },
  CheckoutView: {
    defaultValues: 'O rascunho guardado de antes (ou os valores de uma história).',
    updating: 'Totais sendo recalculados (novo CEP, outro frete).',
    pricingError:
      'O último recálculo falhou: os valores mostrados não estão atualizados e o pedido espera.',
    onRetryPricing:
      'Pede os totais de novo (depois de `pricingError`, ou quando eles são de outro CEP).',
    quotedPostalCode:
      "O CEP (8 dígitos) para o qual as opções de frete e os totais foram cotados ('' sem CEP, null antes de qualquer cotação). Se omitido, são considerados os do formulário (histórias de uma cotação já feita).",
    shippingOptions: 'null até que um CEP seja conhecido.',
    pricedShippingMethodId:
      'A opção que o servidor cotou (a mais barata quando nenhuma foi escolhida).',
    paymentMethods:
      'O que a loja oferece; null até ela responder (enquanto isso, uma escolha salva é mantida).',
    onRetryPaymentMethods:
      'As formas de pagamento não puderam ser carregadas: oferecido como nova tentativa.',
    onPostalCodeChange: 'Um CEP bem formado foi digitado: procurá-lo e calcular o frete para ele.',
    onDraftChange: 'Cada alteração, para guardar um rascunho.',
    sending: 'placeOrder está a caminho: o botão fica desativado.',
    cardUnavailable:
      'O SDK de cartão do gateway não pôde carregar: o cartão fica de fora por enquanto, Pix e boleto continuam funcionando.',
    now: 'Hoje, para o vencimento do boleto (histórias e testes passam uma data fixa).',
  },
  HomeView: {
    heroTitle:
      'O título e o subtítulo do destaque (configurações da loja); esqueletos durante o carregamento.',
    heroSubtitle: 'Vazio: sem subtítulo.',
    settings: 'As promessas que a loja cumpre agora; null durante o carregamento.',
    featured: '"Destaques", escolhidos pela equipe; a seção fica de fora quando não há nenhum.',
    bestSellers:
      'Os mais vendidos dos últimos 90 dias; a seção espera até que pelo menos quatro produtos tenham vendido.',
  },
  ContactView: {
    customText:
      'O texto próprio da loja (texto formatado), mostrado acima dos dados de contato; null: nenhum.',
  },
  ExchangesAndReturnsView: {
    customText:
      'O texto próprio da loja (texto formatado), mostrado no lugar da página padrão; null: a página padrão.',
  },
  PrivacyPolicyView: {
    customText:
      'O texto próprio da loja (texto formatado), mostrado no lugar da página padrão; null: a página padrão.',
  },
  ListingView: {
    header: 'Substitui o título simples (o destaque da página da marca).',
    searchQuery:
      'A busca sendo mostrada, se houver (ordenação por relevância, dicas para resultado vazio).',
    hideCategoryFilter:
      'A página da categoria: sem o filtro de categoria (em vez disso, ela mostra links para as subcategorias).',
    nextPageHref: 'URL de mais uma página; null no final.',
    refreshing:
      'Novos filtros ou outra página a caminho (os resultados continuam na tela, esmaecidos).',
  },
  OrderConfirmationView: {
    status: "'lookup': a página foi aberta sem o pedido (outra aba): acompanhe-o pelo e-mail.",
    number: 'O número do pedido, vindo da URL.',
    now: 'O relógio da contagem regressiva do Pix (histórias e testes passam um valor fixo).',
    payment:
      'Cartão e boleto: o que orderPay respondeu (logo depois de fazer o pedido ou depois de outra tentativa).',
    installmentOptions:
      'A tabela de parcelamento da loja sobre o preço no cartão do pedido (vinda do checkout); sem ela, o plano do próprio pedido.',
    paying: 'orderPay está a caminho.',
  },
  OrderTrackingView: {
    now: 'O relógio da contagem regressiva do Pix.',
    returns:
      "Abaixo do pedido encontrado: 'Devolver produtos' (a devolução em 7 dias), vindo da tela.",
  },
  OrderInvoice: {
    configured: "Falso: mostra 'Emissão de NF-e não configurada'.",
    paid: "O pedido está pago (PAID, SHIPPED ou DELIVERED): sem nota e com a emissão configurada, 'Emitir NF-e' emite uma (invoiceRetry).",
    pending: 'A ação cuja requisição está em andamento.',
    actionError: 'O erro da última ação (no campo do diálogo, ou na seção).',
    initialDialog: 'Um diálogo aberto desde o início (histórias).',
  },
  OrderReturns: {
    pending: 'A ação cuja requisição está em andamento.',
    actionError: 'O erro da última ação no seu diálogo (a mensagem de um campo) ou na seção.',
    initialDialog: 'Um diálogo aberto desde o início (histórias).',
  },
  ReturnSectionView: {
    requested: 'A devolução recém-pedida: a confirmação no alto.',
    error: 'A recusa do servidor ao último pedido.',
    initialOpen: 'O formulário aberto desde o início (histórias).',
  },
  ProductPageView: {
    sizeError: "'Escolha um tamanho.' depois de tentar adicionar sem escolher um.",
    stock: 'Estoque da variante escolhida (null até que uma seja escolhida).',
    offerUnavailable:
      'A oferta não pôde ser obtida (a consulta dela falhou): uma nota discreta substitui as linhas do Pix e do parcelamento, em vez dos esqueletos delas.',
    restockAlert:
      "'Avise-me quando chegar' para as variantes esgotadas (a escolhida, quando está esgotada, ou os tamanhos de uma cor esgotada escolhida); null ou sem opções: sem formulário. Para isso, tamanhos e cores esgotados podem ser escolhidos nos seletores, riscados.",
  },
  RestockConfirmView: {
    message: 'A mensagem do servidor para um link inválido ou uma falha.',
  },
  StorefrontErrorView: {
    title: "Por exemplo 'Não foi possível carregar os produtos.'",
    headingLevel:
      'Mostra o título da página como h1 (uma página inteira falhou) ou h2 (uma parte dela).',
  },
  StorefrontShellView: {
    cartCount: 'Unidades na sacola (o contador do botão da sacola).',
    onCartClick: 'Abre a sacola (a gaveta); a Screen passa o openDrawer do estado da sacola.',
    search:
      'A caixa de busca do cabeçalho (o HeaderSearch conectado da Screen). Quando ausente, um formulário de busca simples chama onSearch, para que as histórias da própria View não precisem de servidor.',
    onSearch: 'Chamado apenas pelo formulário de busca simples.',
    onSearchClick:
      'Celulares (abaixo de 600 px), onde o cabeçalho não tem espaço para um campo: o botão de busca ao lado da sacola abre a folha de busca de largura total da Screen (chame `event.preventDefault()`; sem isso, ou antes da hidratação, o botão abre a página de busca). A partir de 600 px, aparece o campo.',
    departments:
      'O menu de departamentos (a árvore de categorias): uma linha abaixo do cabeçalho a partir de md. Vazio enquanto carrega; a linha mantém a altura.',
    onDepartmentsClick:
      'Celulares: o botão de menu antes do logo abre a gaveta de departamentos (a da Screen).',
    legal:
      'A razão social, o CNPJ, o endereço e o contato da loja para o rodapé; null enquanto desconhecidos.',
  },
  StorefrontShellScreen: {
    children: 'A página; quando omitido, o elemento da rota aninhada (<Outlet />).',
  },
};

/** The slice of a Storybook arg type this reads and writes. */
interface ArgTypeLike {
  description?: string;
}

/** The slice of a component react-docgen documented (its `__docgenInfo`, set by Storybook's plugin). */
interface DocgenInfoLike {
  displayName?: string;
  props?: Record<string, { description?: string } | undefined>;
}

function docgenInfoOf(component: unknown): DocgenInfoLike | undefined {
  if ((typeof component !== 'object' && typeof component !== 'function') || component === null)
    return undefined;
  const info = (component as { __docgenInfo?: unknown }).__docgenInfo;
  return typeof info === 'object' && info !== null ? (info as DocgenInfoLike) : undefined;
}

/**
 * Storybook's arg types with each documented prop's description in Portuguese. A prop keeps its
 * description when there is no Portuguese entry for it, or when a story set its own (it is no
 * longer the one react-docgen read from code).
 */
export function portuguesePropDescriptions<T extends Record<string, ArgTypeLike | undefined>>(
  context: { component?: unknown; argTypes: T },
  descriptions: typeof PROP_DESCRIPTIONS = PROP_DESCRIPTIONS,
): T {
  const { argTypes } = context;
  const docgen = docgenInfoOf(context.component);
  const entries = docgen?.displayName ? descriptions[docgen.displayName] : undefined;
  if (!docgen || !entries) return argTypes;
  let changed: Record<string, ArgTypeLike | undefined> | undefined;
  for (const [name, portuguese] of Object.entries(entries)) {
    const argType = argTypes[name];
    if (!argType) continue;
    const fromCode = docgen.props?.[name]?.description?.trim() ?? '';
    const shown = argType.description?.trim() ?? '';
    // Storybook shows the comment's text before any JSDoc tag (@deprecated...): a prefix of it.
    if (!fromCode.startsWith(shown)) continue;
    changed ??= { ...argTypes };
    changed[name] = { ...argType, description: portuguese };
  }
  return (changed as T | undefined) ?? argTypes;
}
