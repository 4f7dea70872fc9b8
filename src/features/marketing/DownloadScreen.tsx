import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { publicConfigQueryOptions } from '../../api/site-settings';
import { Button, ButtonLink, type ButtonStyleProps, buttonStyles, Grid, px } from '../../ui';
import { APP_BENEFITS, WAYS_TO_GET_THE_APP } from './download-copy';
import { FeatureIcon, type FeatureIconName } from './FeatureIcon';
import { PageHero } from './PageHero';
import { MarketingSection, SectionHeader } from './Section';

/**
 * SPEC section 2 Download. The APK link points at the configured URL
 * (setting androidApkUrl); while none is set it is shown disabled with a
 * note, so it never leads to a 404.
 */
export const APK_MISSING_NOTE = "The Android download is not available yet. Orbit works in your phone's browser in the meantime.";

export function DownloadScreen() {
  const { data: config, isPending } = useQuery(publicConfigQueryOptions());
  const apkUrl = config?.androidApkUrl?.trim() ?? '';

  return (
    <>
      <PageHero
        eyebrow="Download"
        title="Take Orbit with you"
        subtitle="Get the app for a faster Orbit with notifications and camera access, so you never miss a match."
      >
        <Platforms>
          <Platform>
            <PlatformIcon>
              <FeatureIcon name="android" size={32} />
            </PlatformIcon>
            <PlatformName>Android</PlatformName>
            {apkUrl ? (
              <DownloadLink href={apkUrl} download $variant="primary" $size="lg" $fullWidth>
                Download APK
              </DownloadLink>
            ) : (
              <Button type="button" size="lg" fullWidth disabled aria-describedby="apk-note">
                Download APK
              </Button>
            )}
            <Note>Requires Android 6.0+</Note>
            {!apkUrl && !isPending && (
              <>
                <Note id="apk-note">{APK_MISSING_NOTE}</Note>
                {/* Not a dead end: the web app works on a phone today. */}
                <ButtonLink to="/users" variant="secondary" fullWidth>
                  Open Orbit on the web
                </ButtonLink>
              </>
            )}
          </Platform>
          <Platform>
            <PlatformIcon>
              <FeatureIcon name="apple" size={32} />
            </PlatformIcon>
            <PlatformName>iOS</PlatformName>
            <Button type="button" variant="secondary" size="lg" fullWidth disabled>
              Coming Soon
            </Button>
            <Note>Requires iOS 12.0+</Note>
          </Platform>
        </Platforms>
      </PageHero>

      <MarketingSection id="ways" tone="alt">
        <SectionHeader sectionId="ways" eyebrow="Get the app" title="Three ways to get the app" />
        <InfoGrid items={WAYS_TO_GET_THE_APP} numbered />
      </MarketingSection>

      <MarketingSection id="benefits">
        <SectionHeader sectionId="benefits" eyebrow="Why the app" title="Better on your phone" />
        <InfoGrid items={APP_BENEFITS} />
      </MarketingSection>
    </>
  );
}

function InfoGrid({
  items,
  numbered = false,
}: {
  items: ReadonlyArray<{ title: string; text: string; icon: FeatureIconName }>;
  numbered?: boolean;
}) {
  return (
    <Grid as={numbered ? 'ol' : 'ul'}>
      {items.map((item, index) => (
        <Info key={item.title}>
          <InfoIcon>
            <FeatureIcon name={item.icon} size={28} />
          </InfoIcon>
          <InfoTitle>
            {numbered && <span className="visually-hidden">Option {index + 1}: </span>}
            {item.title}
          </InfoTitle>
          <InfoText>{item.text}</InfoText>
        </Info>
      ))}
    </Grid>
  );
}

const Platforms = styled.div`
  display: grid;
  gap: ${({ theme }) => px(theme.space[4])};
  width: 100%;
  margin-top: ${({ theme }) => px(theme.space[4])};

  ${({ theme }) => theme.media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Platform = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => px(theme.space[3])};
  padding: ${({ theme }) => px(theme.space[6])};
  border-radius: ${({ theme }) => px(theme.radii.card)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.raised};
`;

const PlatformIcon = styled.span`
  color: ${({ theme }) => theme.colors.purple};
`;

const PlatformName = styled.h2`
  font-size: ${({ theme }) => px(theme.font.sizes.xl)};
  font-weight: ${({ theme }) => theme.font.weights.bold};
`;

const DownloadLink = styled.a<ButtonStyleProps>`
  ${buttonStyles}
  text-decoration: none;
`;

const Note = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => px(theme.font.sizes.sm)};
`;

const Info = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => px(theme.space[3])};
  padding: ${({ theme }) => px(theme.space[6])};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => px(theme.radii.card)};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

const InfoIcon = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${({ theme }) => px(theme.space[12])};
  height: ${({ theme }) => px(theme.space[12])};
  border-radius: ${({ theme }) => px(theme.radii.pill)};
  background: ${({ theme }) => theme.colors.purpleTint};
  color: ${({ theme }) => theme.colors.purpleDark};
`;

const InfoTitle = styled.h3`
  font-size: ${({ theme }) => px(theme.font.sizes.lg)};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
`;

const InfoText = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;
