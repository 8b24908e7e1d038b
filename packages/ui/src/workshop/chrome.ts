// Storybook's own interface in Portuguese: the manager's toolbar tips (aria-label and title, which
// the tooltips show), tabs, panels, search and menus, and the docs pages' code, zoom and props-table
// buttons (in the preview's frame). Storybook has no Portuguese translation and no API for its
// texts, so these exact texts are replaced as they appear: keepChromeInPortuguese watches the page
// (a MutationObserver) and swaps a text node or a label attribute whose whole text is a key here,
// keeping the spaces around it. Only whole, known texts change, never a story's own content (the
// preview skips the stories' roots). No imports: Storybook's manager reads this file too.

export const CHROME_LABELS: Readonly<Record<string, string>> = {
  // Toolbar
  'Zoom in': 'Aproximar',
  'Zoom out': 'Afastar',
  'Reset zoom': 'Zoom original',
  'Change zoom level': 'Mudar o zoom',
  'Zoom to 50%': 'Zoom de 50%',
  'Zoom to 100%': 'Zoom de 100%',
  'Zoom to 200%': 'Zoom de 200%',
  'Zoom percentage': 'Porcentagem do zoom',
  'Reload story': 'Recarregar a história',
  'Go full screen': 'Tela cheia',
  'Exit full screen': 'Sair da tela cheia',
  'Open in isolation mode': 'Abrir só a história',
  'Open story in isolation': 'Abrir só a história',
  'Open in editor': 'Abrir no editor',
  'Open story in editor': 'Abrir no editor',
  'Copy story link to clipboard': 'Copiar o link da história',
  'Copy story name': 'Copiar o nome da história',
  'Copy Link': 'Copiar link',
  Share: 'Compartilhar',
  'Change the size of the preview': 'Mudar o tamanho da prévia',
  'Rotate viewport': 'Girar a tela',
  'Reset viewport': 'Tamanho original',
  'Restore viewport': 'Tamanho original',
  'Viewport width': 'Largura da tela',
  'Viewport height': 'Altura da tela',
  'Change the background of the preview': 'Mudar o fundo da prévia',
  'Apply a grid to the preview': 'Mostrar uma grade na prévia',
  'Apply outlines to the preview': 'Contornar os elementos da prévia',
  'Enable measure': 'Medir os elementos',
  'Show toolbar': 'Mostrar a barra de ferramentas',
  'Toggle toolbar': 'Mostrar ou ocultar a barra de ferramentas',
  'Show sidebar': 'Mostrar a barra lateral',
  'Toggle sidebar': 'Mostrar ou ocultar a barra lateral',
  'Show addons panel': 'Mostrar o painel',
  'Show addon panel': 'Mostrar o painel',
  'Open addon panel': 'Abrir o painel',
  'Hide addon panel': 'Ocultar o painel',
  'Toggle addons': 'Mostrar ou ocultar o painel',
  'Toggle addons orientation': 'Painel embaixo ou ao lado',
  'Previous story': 'História anterior',
  'Next story': 'Próxima história',
  'Previous component': 'Componente anterior',
  'Next component': 'Próximo componente',
  'Collapse all': 'Recolher tudo',
  'Expand all': 'Expandir tudo',
  Collapse: 'Recolher',
  Expand: 'Expandir',
  'Enter full screen': 'Tela cheia',
  'Outline tool': 'Contornar os elementos',
  'Grid visibility': 'Mostrar a grade',
  'Change background': 'Mudar o fundo',
  'Measure tool': 'Medir os elementos',
  'Sidebar resize handle': 'Redimensionar a barra lateral',
  'Addon panel resize handle': 'Redimensionar o painel',
  'Move addon panel to right': 'Painel à direita',
  'Move addon panel to bottom': 'Painel embaixo',
  'Available addons': 'Painéis disponíveis',
  'Viewport size': 'Tamanho da tela',
  'Vision filter': 'Simular visão',
  'storybook-preview-iframe': 'Prévia da história',
  'Component test playback controls': 'Controles do roteiro da história',
  'Go to start': 'Ir para o início',
  'Go back': 'Voltar',
  'Go forward': 'Avançar',
  'Go to end': 'Ir para o fim',
  Rerun: 'Rodar de novo',
  'Skip to content': 'Pular para o conteúdo',
  Stories: 'Histórias',
  // Sidebar and menus
  'Storybook menu': 'Menu da oficina',
  'Open navigation menu': 'Abrir a navegação',
  'Search stories': 'Buscar histórias',
  'Find components': 'Buscar componentes',
  'Tag filters': 'Filtrar por etiqueta',
  'Reset filters': 'Limpar filtros',
  'Keyboard shortcuts': 'Atalhos de teclado',
  'About your Storybook': 'Sobre a oficina',
  Settings: 'Configurações',
  'Nothing found': 'Nada encontrado',
  // Tabs and panels
  Canvas: 'História',
  Docs: 'Documentação',
  Controls: 'Controles',
  Actions: 'Ações',
  Interactions: 'Interações',
  Accessibility: 'Acessibilidade',
  'Component tests': 'Testes',
  Violations: 'Violações',
  Passes: 'Aprovados',
  Incomplete: 'Incompletos',
  'Clear actions': 'Limpar ações',
  'Reset controls': 'Restaurar controles',
  Name: 'Nome',
  Description: 'Descrição',
  Default: 'Padrão',
  Control: 'Controle',
  Code: 'Código',
  'This story has no controls': 'Esta história não tem controles',
  'Read docs': 'Ler a documentação',
  'Show code': 'Mostrar o código',
  'Hide code': 'Ocultar o código',
  // Docs pages (the preview's frame): the code and zoom buttons, the props table, the headings
  'Copy code': 'Copiar o código',
  Copy: 'Copiar',
  Copied: 'Copiado',
  'Copy heading URL to address bar': 'Copiar o link desta seção',
  'Open canvas in new tab': 'Abrir a história numa aba nova',
  Required: 'Obrigatório',
  'Set string': 'Definir texto',
  'Set number': 'Definir número',
  'Set boolean': 'Definir sim ou não',
  'Set object': 'Definir objeto',
  'Set array': 'Definir lista',
  'Set color': 'Definir cor',
  'Set date': 'Definir data',
  'Choose color': 'Escolher cor',
  'Edit string...': 'Editar texto...',
  'Edit number...': 'Editar número...',
  'Edit JSON string...': 'Editar JSON...',
  // An object control's raw JSON field: its label is 'Edit ', the arg's name and ' as JSON'.
  Edit: 'Editar',
  'as JSON': 'como JSON',
  'Reset changes': 'Desfazer as mudanças',
  'Arg value details': 'Detalhes do valor',
  Key: 'Chave',
  Value: 'Valor',
  // The Controls panel of a story with no controls
  "Storybook couldn't find or generate any controls for this story. Define":
    'A oficina não encontrou nem gerou controles para esta história. Defina',
  or: 'ou',
  ', or configure docgen to let Storybook generate controls automatically.':
    ', ou configure o docgen para gerar os controles automaticamente.',
  'Resetting controls...': 'Restaurando os controles...',
  // Search
  'Search for components': 'Buscar componentes',
  'No components found': 'Nenhum componente encontrado',
  'Find components by name or path.': 'Busque componentes pelo nome ou pelo caminho.',
  'Recently opened': 'Abertos recentemente',
  'Clear recently opened items': 'Limpar os abertos recentemente',
  'Collapse all results': 'Recolher todos os resultados',
  Clear: 'Limpar',
  // Menus, tips and settings
  About: 'Sobre',
  Documentation: 'Documentação',
  'Close settings page': 'Fechar as configurações',
  'Go to about page': 'Abrir a página Sobre',
  'Go to shortcuts page': 'Abrir os atalhos de teclado',
  'Collapse all items on sidebar': 'Recolher todos os itens da barra lateral',
  'Expand all items on sidebar': 'Expandir todos os itens da barra lateral',
  'Filter the items shown in a sidebar based on the tags applied to them.':
    'Filtra os itens da barra lateral pelas etiquetas deles.',
  'Changes the location of the addon panel to the bottom or right of the screen, but does not have any effect on its content.':
    'Põe o painel embaixo ou à direita da tela, sem mudar o que ele mostra.',
  'Select a viewport among predefined options for the preview area, or reset to the default viewport.':
    'Escolha um tamanho de tela para a prévia, ou volte ao tamanho original.',
  'Select a vision filter among predefined options, or reset to remove the filter.':
    'Escolha uma simulação de visão, ou volte à visão normal.',
  'When enabled, this tool displays the outline of every element in the preview area, which helps understand their layout.':
    'Ligada, contorna cada elemento da prévia, para entender o layout.',
  'When enabled, this tool shows dimensions and whitespace (margin, padding, border) for the currently hovered element in the preview area. Does not work with keyboard focus.':
    'Ligada, mostra as medidas e os espaços (margem, preenchimento, borda) do elemento sob o mouse na prévia. Não funciona com o foco do teclado.',
  'Preview background': 'Fundo da prévia',
  Backgrounds: 'Fundos',
  Measure: 'Medir',
  Outline: 'Contornos',
  'Toggle Measure': 'Medir os elementos',
  'Toggle Outline': 'Contornar os elementos',
  'Next viewport': 'Próximo tamanho de tela',
  'Previous viewport': 'Tamanho de tela anterior',
  'Create new story': 'Criar uma história',
  'Story export name': 'Nome da história no código',
  'Restore defaults': 'Restaurar o padrão',
  'Type keys': 'Digite as teclas',
  Shortcut: 'Atalho',
  Commands: 'Comandos',
  'Focus search': 'Ir para a busca',
  'Focus sidebar': 'Ir para a barra lateral',
  'Focus canvas': 'Ir para a história',
  'Focus addons': 'Ir para o painel',
  'Go to next landmark': 'Ir para a próxima região',
  'Go to previous landmark': 'Ir para a região anterior',
  'Skip to sidebar': 'Pular para a barra lateral',
  Toolbar: 'Barra de ferramentas',
  'Main content': 'Conteúdo principal',
  'Main preview area': 'Área da prévia',
  'Addon panel': 'Painel',
  'Content is loading...': 'Carregando...',
  'Please wait while the addon is initializing...': 'Aguarde: o painel está carregando...',
  // Accessibility and interactions panels
  'Preparing accessibility scan': 'Preparando a verificação de acessibilidade',
  'Rerun accessibility scan': 'Verificar a acessibilidade de novo',
  'Highlight elements with accessibility test results': 'Destacar os elementos verificados',
  'No accessibility violations found.': 'Nenhuma violação de acessibilidade encontrada.',
  Inconclusive: 'Inconclusivos',
  'Interaction steps': 'Passos da interação',
  'Scroll to end': 'Rolar até o fim',
  'Component test is rendering.': 'O teste do componente está sendo desenhado.',
  "Interactions allow you to verify the functional aspects of UIs. Write a play function for your story and you'll see it run here.":
    'As interações verificam como a interface funciona. Escreva uma função play na história e ela roda aqui.',
  Wait: 'Aguarde',
  Runs: 'Rodando',
  Pass: 'Aprovada',
  Fail: 'Falhou',
  Bail: 'Interrompida',
  'Story status: Wait': 'Situação da história: aguarde',
  'Story status: Runs': 'Situação da história: rodando',
  'Story status: Pass': 'Situação da história: aprovada',
  'Story status: Fail': 'Situação da história: falhou',
  'Story status: Bail': 'Situação da história: interrompida',
  'Story is rendering': 'A história está sendo desenhada',
  'Interactions are running': 'As interações estão rodando',
  'Story ran successfully': 'A história rodou sem erros',
  'Story failed to complete': 'A história não chegou ao fim',
  'Interactions aborted due to file changes': 'Interações interrompidas: os arquivos mudaram',
  'Accessibility scan in progress': 'Verificando a acessibilidade',
  'Please wait while the accessibility scan is running...':
    'Aguarde: a verificação de acessibilidade está rodando...',
  'Component test completed successfully.': 'O teste do componente terminou sem erros.',
  // The About page (the menu's "Sobre a oficina")
  'You are on Storybook': 'Esta oficina usa o Storybook',
  'Run the following script to check for updates and upgrade to the latest version.':
    'Rode este comando para buscar atualizações e passar para a versão mais nova.',
  'Open source software maintained by': 'Software livre mantido pela',
  'and the': 'e pela',
  'Storybook Community': 'comunidade do Storybook',
  // The preview's own error pages
  'No Preview': 'Sem prévia',
  'Sorry, but you either have no stories or none are selected somehow.':
    'Não há histórias, ou nenhuma foi escolhida.',
  'Please check the Storybook config.': 'Confira a configuração da oficina.',
  'Try reloading the page.': 'Tente recarregar a página.',
};

/** The attributes whose text is a label or a tip. */
const LABEL_ATTRIBUTES = ['aria-label', 'title', 'placeholder'] as const;

/** Where a story draws itself: its text is the story's, never translated. */
const STORY_ROOTS = '#storybook-root, .sb-story, .innerZoomElementWrapper';

/** Code, and the docs pages' prose (descriptions, MDX): written by us, a word there is ours. */
const OWN_TEXT = [
  'code',
  'pre',
  ...['p', 'li', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'a'].map(
    (tag) => `.sbdocs-${tag}`,
  ),
].join(', ');

export interface ChromeScope {
  /** Elements (and their subtrees) left as they are: a story's own content. */
  skip?: string;
  /** Elements whose texts (not their labels and tips) are left as they are. */
  skipText?: string;
}

/** The Portuguese of a whole text, with the spaces around it kept (' or ' -> ' ou '). */
/** Storybook's texts that carry a name: translated around it. */
const CHROME_PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^Edit (.+) as JSON$/, 'Editar $1 como JSON'],
];

export function chromeLabel(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  let label = Object.hasOwn(CHROME_LABELS, trimmed) ? CHROME_LABELS[trimmed] : undefined;
  for (const [pattern, replacement] of CHROME_PATTERNS) {
    if (label === undefined && pattern.test(trimmed)) label = trimmed.replace(pattern, replacement);
  }
  if (label === undefined) return undefined;
  const start = text.indexOf(trimmed);
  return `${text.slice(0, start)}${label}${text.slice(start + trimmed.length)}`;
}

function skipped(node: Node, selector: string | undefined): boolean {
  if (selector === undefined) return false;
  const element = node instanceof Element ? node : node.parentElement;
  return element?.closest(selector) != null;
}

function translateText(node: Node, scope: ChromeScope) {
  const label = chromeLabel(node.nodeValue ?? '');
  if (
    label !== undefined &&
    label !== node.nodeValue &&
    !skipped(node, scope.skip) &&
    !skipped(node, scope.skipText)
  )
    node.nodeValue = label;
}

function translateElement(element: Element, scope: ChromeScope) {
  for (const attribute of LABEL_ATTRIBUTES) {
    const value = element.getAttribute(attribute);
    const label = value === null ? undefined : chromeLabel(value);
    if (label !== undefined && label !== value && !skipped(element, scope.skip))
      element.setAttribute(attribute, label);
  }
}

/** Translates a node and everything under it (a story's root and what is under it excepted). */
export function translateChrome(root: Node, scope: ChromeScope = {}) {
  if (root.nodeType === Node.TEXT_NODE) {
    translateText(root, scope);
    return;
  }
  if (!(root instanceof Element) || skipped(root, scope.skip)) return;
  translateElement(root, scope);
  for (const element of root.querySelectorAll('[aria-label], [title], [placeholder]'))
    translateElement(element, scope);
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode())
    translateText(node, scope);
}

/**
 * Keeps Storybook's texts in Portuguese as it renders and re-renders them, in `root`
 * (the page's body by default). Returns the observer (tests disconnect it).
 */
export function watchChrome(root: Element, scope: ChromeScope = {}): MutationObserver {
  translateChrome(root, scope);
  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      if (mutation.type === 'attributes') translateElement(mutation.target as Element, scope);
      else if (mutation.type === 'characterData') translateText(mutation.target, scope);
      else for (const node of mutation.addedNodes) translateChrome(node, scope);
    }
  });
  observer.observe(root, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: [...LABEL_ATTRIBUTES],
  });
  return observer;
}

/** The preview's frame: a story's content is left alone, and so are code and the docs' prose. */
export const DOCS_SCOPE: ChromeScope = { skip: STORY_ROOTS, skipText: OWN_TEXT };

/** The manager: the whole page is Storybook's (the preview is a frame of its own). */
export function keepChromeInPortuguese() {
  const start = () => watchChrome(document.body, { skipText: 'code, pre' });
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}

/**
 * The preview's frame (.storybook/preview.tsx): the docs pages' buttons and tables and the frame's
 * loading and error pages, never a story's content, code or the pages' prose. Only in Storybook's own frame (its docs root
 * is there), not in the story tests' pages.
 */
export function keepDocsChromeInPortuguese() {
  const start = () => {
    if (document.getElementById('storybook-docs') === null) return;
    watchChrome(document.body, DOCS_SCOPE);
  };
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}
