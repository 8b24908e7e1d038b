// Where the shopper is in the checkout: 'Identificação › Entrega › Pagamento › Revisão'.
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { styled, useThemeProps, type SxProps, type Theme } from '@mui/material/styles';

export interface CheckoutStepItem {
  id: string;
  label: string;
}

export interface CheckoutStepsProps {
  steps: CheckoutStepItem[];
  /** Index of the step in progress. */
  activeStep: number;
  className?: string;
  sx?: SxProps<Theme>;
}

const Root = styled('nav', { name: 'VtCheckoutSteps', slot: 'Root' })(({ theme }) => ({
  '& .MuiStepLabel-label': { fontSize: '0.8125rem', fontWeight: 500 },
  '& .MuiStepLabel-label.Mui-active': { fontWeight: 700 },
  [theme.breakpoints.down('sm')]: {
    '& .MuiStepLabel-label': { display: 'none' },
  },
}));

const PhoneSummary = styled('p', { name: 'VtCheckoutSteps', slot: 'Summary' })(({ theme }) => ({
  margin: theme.spacing(1, 0, 0),
  textAlign: 'center',
  fontSize: '0.875rem',
  fontWeight: 600,
  [theme.breakpoints.up('sm')]: { display: 'none' },
}));

export function CheckoutSteps(inProps: CheckoutStepsProps) {
  const { steps, activeStep, ...other } = useThemeProps({
    props: inProps,
    name: 'VtCheckoutSteps',
  });
  const current = steps[activeStep];
  return (
    <Root aria-label="Etapas da compra" {...other}>
      <Stepper activeStep={activeStep} alternativeLabel component="ol" sx={{ p: 0, m: 0 }}>
        {steps.map((step, index) => (
          <Step
            key={step.id}
            component="li"
            completed={index < activeStep}
            aria-current={index === activeStep ? 'step' : undefined}
            sx={{ listStyle: 'none' }}
          >
            <StepLabel>{step.label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {current ? (
        <PhoneSummary aria-hidden>
          Etapa {activeStep + 1} de {steps.length}: {current.label}
        </PhoneSummary>
      ) : null}
    </Root>
  );
}
