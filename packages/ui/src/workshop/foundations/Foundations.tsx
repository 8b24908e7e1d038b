// The design system's foundations, drawn from the theme itself so the pages cannot drift from
// what the screens use: palette with each pair's contrast, type scale, spacing, radii, elevation,
// breakpoints, the icons in use, and how a brand's colour becomes a theme.
// Shown by the workshop's MDX pages (stories/foundations) and shot by their stories.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import {
  getContrastRatio,
  rgbToHex,
  ThemeProvider,
  useTheme,
  type Theme,
  type TypographyVariant,
} from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';

import { brandPalette, isStillTheme } from '../../screens/shared/brandTheme';
import { createBrandTheme } from '../../theme';
import { TOUCH_TARGET } from '../../theme/createBrandTheme';
import { MIN_TEXT_CONTRAST } from '../../theme/readableColor';
import { WORKSHOP_BRANDS } from '../brands';

import { themeColorPairs } from './contrast';
import { ICONS_IN_USE } from './iconsInUse';

/** '#rrggbb' for what the theme holds ('rgb(…)' after MUI darkens a colour). */
const hex = (color: string) => (color.startsWith('rgb') ? rgbToHex(color) : color);

const ratioText = (ratio: number) => `${ratio.toFixed(2).replace('.', ',')}:1`;

function Swatch({ color, label }: { color: string; label: string }) {
  return (
    <Box
      role="img"
      aria-label={`${label}: ${color}`}
      sx={{
        width: 40,
        height: 40,
        borderRadius: 1,
        bgcolor: color,
        border: '1px solid',
        borderColor: 'divider',
        flexShrink: 0,
      }}
    />
  );
}

/** The theme's colours, then every text/background pair with its ratio and WCAG level. */
export function PaletteFoundation() {
  const theme = useTheme();
  const { palette } = theme;
  const tokens: [string, string][] = [
    ['primary.main', palette.primary.main],
    ['primary.contrastText', palette.primary.contrastText],
    ['secondary.main', palette.secondary.main],
    ['secondary.contrastText', palette.secondary.contrastText],
    ['text.primary', palette.text.primary],
    ['text.secondary', palette.text.secondary],
    ['background.default', palette.background.default],
    ['background.paper', palette.background.paper],
    ['divider', palette.divider],
    ['error.main', palette.error.main],
    ['success.main', palette.success.main],
    ['warning.main', palette.warning.main],
  ];
  const pairs = themeColorPairs(theme);
  return (
    <Stack spacing={3} component="section" aria-label="Cores">
      <Box
        component="ul"
        aria-label="Cores do tema"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
        }}
      >
        {tokens.map(([name, color]) => (
          <Box component="li" key={name} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
            <Swatch color={color} label={name} />
            <Box>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {hex(color)}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Contraste de cada par de texto e fundo">
          <TableHead>
            <TableRow>
              <TableCell>Uso</TableCell>
              <TableCell>Amostra</TableCell>
              <TableCell align="right">Contraste</TableCell>
              <TableCell>Nível WCAG</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {pairs.map((item) => (
              <TableRow key={item.use}>
                <TableCell>{item.use}</TableCell>
                <TableCell>
                  <Box
                    component="span"
                    sx={{
                      px: 1,
                      py: 0.5,
                      borderRadius: 0.5,
                      color: item.foreground,
                      bgcolor: item.background,
                      border: '1px solid',
                      borderColor: 'divider',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    Aa {hex(item.foreground)}
                  </Box>
                </TableCell>
                <TableCell align="right">{ratioText(item.ratio)}</TableCell>
                <TableCell>{item.level}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </Stack>
  );
}

const TYPE_VARIANTS: TypographyVariant[] = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'subtitle1',
  'subtitle2',
  'body1',
  'body2',
  'button',
  'caption',
  'overline',
];

/** Every typography variant with its size, weight and line height. */
export function TypeScaleFoundation() {
  const theme = useTheme();
  return (
    <Stack
      component="section"
      aria-label="Tipografia"
      divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}
    >
      {TYPE_VARIANTS.map((variant) => {
        const style = theme.typography[variant];
        return (
          <Box
            key={variant}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' },
              gap: 1,
              py: 1.5,
            }}
          >
            <Typography variant="body2" color="text.secondary" component="p">
              <strong>{variant}</strong>
              <br />
              {String(style.fontSize)} · {String(style.fontWeight)} ·{' '}
              {String(style.lineHeight ?? '')}
            </Typography>
            <Typography variant={variant} component="p">
              Moda de várias marcas, em reais
            </Typography>
          </Box>
        );
      })}
    </Stack>
  );
}

const SPACING_STEPS = [0.5, 1, 1.5, 2, 3, 4, 6, 8];

/** The spacing scale (theme.spacing) as bars. */
export function SpacingFoundation() {
  const theme = useTheme();
  return (
    <Stack component="section" aria-label="Espaçamento" spacing={1}>
      {SPACING_STEPS.map((step) => (
        <Box key={step} sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Typography variant="body2" sx={{ width: 160 }}>
            spacing({String(step).replace('.', ',')}) = {theme.spacing(step)}
          </Typography>
          <Box
            sx={{
              height: 16,
              width: theme.spacing(step),
              bgcolor: 'primary.main',
              borderRadius: 0.5,
            }}
          />
        </Box>
      ))}
    </Stack>
  );
}

/** Corner radii and touch target, elevation, and breakpoints. */
export function ShapeFoundation() {
  const theme = useTheme();
  const radius = Number(theme.shape.borderRadius);
  const radii: [string, number][] = [
    ['Cartões, campos (shape.borderRadius)', radius],
    ['Botões', 8],
    ['Alertas', 8],
    [`Chips clicáveis (metade de ${TOUCH_TARGET} px)`, TOUCH_TARGET / 2],
  ];
  const elevations = [0, 1, 2, 4, 8, 16, 24];
  const breakpoints = Object.entries(theme.breakpoints.values);
  return (
    <Stack component="section" aria-label="Forma, elevação e pontos de quebra" spacing={4}>
      <Box>
        <Typography variant="h3" component="h2" sx={{ fontSize: '1.125rem', mb: 1.5 }}>
          Raios
        </Typography>
        <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {radii.map(([use, value]) => (
            <Stack key={use} spacing={1} sx={{ width: 150 }}>
              <Box
                sx={{
                  width: 96,
                  height: 64,
                  border: '2px solid',
                  borderColor: 'primary.main',
                  borderRadius: `${value}px`,
                }}
              />
              <Typography variant="body2">
                {value} px — {use}
              </Typography>
            </Stack>
          ))}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Todo controle tem ao menos {TOUCH_TARGET}×{TOUCH_TARGET} px (alvo de toque, WCAG 2.5.5); o
          texto de ação lê ao menos {String(MIN_TEXT_CONTRAST).replace('.', ',')}:1.
        </Typography>
      </Box>
      <Box>
        <Typography variant="h3" component="h2" sx={{ fontSize: '1.125rem', mb: 1.5 }}>
          Elevação
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {elevations.map((level) => (
            <Paper
              key={level}
              elevation={level}
              sx={{ width: 96, height: 64, display: 'grid', placeItems: 'center' }}
            >
              <Typography variant="body2">{level}</Typography>
            </Paper>
          ))}
          <Card sx={{ width: 120, height: 64, display: 'grid', placeItems: 'center' }}>
            <Typography variant="body2">Cartão</Typography>
          </Card>
        </Stack>
      </Box>
      <Box>
        <Typography variant="h3" component="h2" sx={{ fontSize: '1.125rem', mb: 1.5 }}>
          Pontos de quebra
        </Typography>
        <Table size="small" aria-label="Pontos de quebra" sx={{ maxWidth: 420 }}>
          <TableHead>
            <TableRow>
              <TableCell>Nome</TableCell>
              <TableCell align="right">A partir de</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {breakpoints.map(([name, width]) => (
              <TableRow key={name}>
                <TableCell>{name}</TableCell>
                <TableCell align="right">{width} px</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Stack>
  );
}

/** Every Material icon the ui imports, with its name. */
export function IconsFoundation() {
  return (
    <Box
      component="ul"
      aria-label={`Ícones em uso (${ICONS_IN_USE.length})`}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1,
        gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
      }}
    >
      {ICONS_IN_USE.map(({ name, Icon }) => (
        <Box
          component="li"
          key={name}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}
        >
          <Icon aria-hidden />
          <Typography variant="caption" sx={{ overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

interface BrandSample {
  title: string;
  color: string;
  theme: Theme;
}

function BrandCard({ sample }: { sample: BrandSample }) {
  const { theme, color } = sample;
  const page = theme.palette.background.default;
  const given = getContrastRatio(color, page);
  const used = theme.palette.primary.main;
  const darkened = hex(used).toLowerCase() !== color.toLowerCase();
  return (
    <ThemeProvider theme={theme}>
      <Card
        component="article"
        aria-label={sample.title}
        sx={{ p: 2, bgcolor: 'background.default' }}
      >
        <Typography variant="h3" component="h2" sx={{ fontSize: '1.125rem' }}>
          {sample.title}
        </Typography>
        <Stack direction="row" spacing={1.5} sx={{ my: 1.5, alignItems: 'center' }}>
          <Swatch color={color} label="Cor da marca" />
          <Typography variant="body2" aria-hidden>
            →
          </Typography>
          <Swatch color={used} label="Cor usada no texto e nos botões" />
        </Stack>
        <Typography variant="body2">
          {color} lê {ratioText(given)} na página
          {darkened
            ? `; escurecida para ${hex(used)} (${ratioText(getContrastRatio(used, page))}), que lê o mínimo de ${String(MIN_TEXT_CONTRAST).replace('.', ',')}:1.`
            : ', acima do mínimo: usada como veio.'}
        </Typography>
        <Stack
          direction="row"
          spacing={1.5}
          useFlexGap
          sx={{ mt: 2, flexWrap: 'wrap', alignItems: 'center' }}
        >
          <Button variant="contained">Adicionar à sacola</Button>
          <Button variant="outlined">Ver detalhes</Button>
          <Link
            href="#"
            onClick={(event) => event.preventDefault()}
            sx={{ display: 'inline-flex', alignItems: 'center', minHeight: TOUCH_TARGET }}
          >
            Ver a marca
          </Link>
          <Chip label="Novo" color="secondary" />
        </Stack>
      </Card>
    </ThemeProvider>
  );
}

/**
 * How a brand's colour becomes a theme: the colour as given, what readableColor makes of it and
 * why, and the demo brands side by side (plus any colour to try).
 */
export function BrandThemesFoundation({ extraColor }: { extraColor?: string }) {
  const reducedMotion = isStillTheme(useTheme());
  const samples = useMemo<BrandSample[]>(() => {
    const brands = WORKSHOP_BRANDS.filter((brand) => brand.color !== null).map((brand) => ({
      title: brand.name,
      color: brand.color!,
    }));
    if (extraColor) brands.push({ title: 'Cor de teste', color: extraColor });
    return brands.map((brand) => ({
      ...brand,
      theme: createBrandTheme(brandPalette(brand.color), { reducedMotion }),
    }));
  }, [extraColor, reducedMotion]);
  return (
    <Box
      component="section"
      aria-label="Temas das marcas"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' }}
    >
      {samples.map((sample) => (
        <BrandCard key={sample.title} sample={sample} />
      ))}
    </Box>
  );
}
